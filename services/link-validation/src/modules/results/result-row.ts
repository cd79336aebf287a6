import type { LinkValidationLink, LinkValidationResult } from '@celebstyle/contracts';
import { isoDateOrNull } from '@celebstyle/db';
import type { PostRowFields, ResultRow } from './results.repository.ts';

/** Stored as a fraction 0 to 1, answered as a percent with one decimal (§3 "confidence (percent)"). */
export const confidencePercent = (fraction: number) => Math.round(fraction * 1000) / 10;

export function toPostFields(post: PostRowFields) {
  return {
    postId: post.id,
    postTitle: post.title,
    postImage: post.main_image,
    enhancedImage: post.enhanced_image,
    postPlatform: post.platform,
    postStatus: post.status,
    postCreated: post.post_created_at.toISOString(),
    celebrity: post.celebrity,
    show: post.show,
    brand: post.brand,
    productType: post.product_type,
  };
}

export function toLinkFields(row: ResultRow): LinkValidationLink {
  return {
    linkId: row.link_id,
    linkIndex: row.link_index,
    linkStatus: row.link_status,
    retailer: row.retailer,
    confidence: confidencePercent(row.confidence),
    lastChecked: isoDateOrNull(row.last_checked),
    httpStatus: row.http_status,
    stockStatus: row.stock_status,
    price: row.price === null ? null : Number(row.price),
    currency: row.currency,
    responseTime: row.response_time,
    validationCount: row.validation_count,
    nextCheckDate: isoDateOrNull(row.next_check_at),
    recommendation: row.recommendation,
    errorMessage: row.error_message,
    linkText: row.link_text,
    cleanUrl: row.clean_url,
    originalUrl: row.original_url,
    realUrl: row.final_url ?? row.catalog_real_url,
    statusChangedBy: row.status_changed_by,
    statusChangedAt: isoDateOrNull(row.status_changed_at),
    statusNotes: row.status_notes,
  };
}

export function toResult(row: ResultRow): LinkValidationResult {
  return { ...toPostFields({ ...row, id: row.post_id }), ...toLinkFields(row) };
}
