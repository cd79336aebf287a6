import { useEffect, useId, useState } from 'react';
import type { LinkStatusValue, LinkValidationLink, PostLinkDetails } from '@celebstyle/contracts';
import { Dialog } from '../../../components/dialog.tsx';
import { Select } from '../../../components/select.tsx';
import { WebLink } from '../../../components/web-link.tsx';
import { countOf } from '../../../lib/count-text.ts';
import { copyText } from '../../../lib/copy-text.ts';
import { notify } from '../../../lib/toast.tsx';
import { LinkValidationErrors } from '../api/link-validation-api.ts';
import {
  checkedWhen,
  formatPrice,
  plannedDay,
  LINK_STATUS_LABELS,
  LINK_STATUSES,
  RECOMMENDATION_DESCRIPTIONS,
  recommendationLabel,
  stockStatusLabel,
} from '../labels.ts';
import { PostImage } from './post-image.tsx';
import { usePostLinks, useSetLinkStatus, useWaitingShoppers } from '../api/link-validation-queries.ts';
import { StatusBadge } from './status-badge.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { COPY_FEEDBACK_MS } from '../../../config/constants.ts';

const LINK_STATUS_OPTIONS = LINK_STATUSES.map((status) => ({
  value: status,
  label: LINK_STATUS_LABELS[status],
}));

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="secondary lv-copy"
      aria-label={copied ? 'Copied!' : label}
      onClick={() => void copyText(text).then(setCopied)}
    >
      {copied ? 'Copied!' : 'Copy'}
    </button>
  );
}

function Fact({ term, value }: { term: string; value: React.ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

interface LinkProps {
  postId: string;
  link: LinkValidationLink;
  changed: boolean;
  onChanged(): void;
  checking: boolean;
  onCheck(): void;
}

function LinkCard({ postId, link, changed, onChanged, checking, onCheck }: LinkProps) {
  const setStatus = useSetLinkStatus();
  const number = link.linkIndex + 1;
  const statusId = useId();
  const waiting = useWaitingShoppers(link.linkId);
  const description = link.recommendation ? RECOMMENDATION_DESCRIPTIONS[link.recommendation] : undefined;

  const change = (newStatus: LinkStatusValue) =>
    setStatus.mutate(
      { postId, linkIndex: link.linkIndex, newStatus },
      {
        onSuccess: () => {
          onChanged();
          notify.success(LinkValidationErrors.statusUpdated);
        },
        onError: (error) =>
          notify.error(
            LinkValidationErrors.statusFailed,
            error.message || LinkValidationErrors.statusFailedDefault,
          ),
      },
    );

  return (
    <li className="lv-link" aria-label={`Link ${number}`}>
      <div className="lv-link-head">
        <strong>Link {number}</strong>
        <StatusBadge status={link.linkStatus} />
        {changed && <span className="lv-changed">Status Changed</span>}
        <label className="lv-inline" htmlFor={statusId}>
          Status
          <Select
            id={statusId}
            value={link.linkStatus}
            disabled={setStatus.isPending}
            aria-label={`Status of link ${number}`}
            options={LINK_STATUS_OPTIONS}
            onChange={(value) => change(value as LinkStatusValue)}
          />
        </label>
        <WebLink href={link.realUrl ?? link.originalUrl}>Open Link</WebLink>
        <button type="button" className="secondary" disabled={checking} onClick={onCheck}>
          {checking ? 'Checking...' : 'Check now'}
        </button>
      </div>
      <dl className="lv-facts">
        <Fact term="Retailer" value={link.retailer || 'Unknown'} />
        <Fact term="Confidence" value={`${link.confidence}%`} />
        <Fact term="Last Checked" value={checkedWhen(link.lastChecked)} />
        <Fact term="HTTP Status" value={link.httpStatus ?? '—'} />
        <Fact term="Stock Status" value={stockStatusLabel(link.stockStatus)} />
        <Fact term="Price" value={link.price === null ? '—' : formatPrice(link.price, link.currency)} />
        <Fact term="Response Time" value={link.responseTime === null ? '—' : `${link.responseTime}ms`} />
        <Fact term="Validation Count" value={link.validationCount} />
        <Fact term="Shoppers Waiting" value={waiting.data ?? '—'} />
        <Fact term="Next Check" value={plannedDay(link.nextCheckDate)} />
      </dl>
      {link.recommendation && (
        <div className="lv-recommendation">
          <strong>Recommendation: {recommendationLabel(link.recommendation)}</strong>
          {description && <p>{description}</p>}
        </div>
      )}
      {link.errorMessage && (
        <p className="lv-error" role="note">
          {link.errorMessage}
        </p>
      )}
      <p>
        <span className="muted">Link text: </span>
        {link.linkText}
      </p>
      <div className="lv-url">
        <span className="muted">Clean URL</span>
        {link.recommendation === 'use_cleaned_url' && <span className="lv-recommended">RECOMMENDED</span>}
        {!link.cleanUrl ? (
          <span>—</span>
        ) : link.cleanUrl === link.originalUrl ? (
          <span>Same as original URL</span>
        ) : (
          <>
            <code>{link.cleanUrl}</code>
            <CopyButton text={link.cleanUrl} label={`Copy clean URL of link ${number}`} />
          </>
        )}
      </div>
      <div className="lv-url">
        <span className="muted">Final URL</span>
        {!link.realUrl || link.realUrl === link.originalUrl ? (
          <span>No redirects found</span>
        ) : (
          <>
            <code>{link.realUrl}</code>
            <CopyButton text={link.realUrl} label={`Copy final URL of link ${number}`} />
          </>
        )}
      </div>
    </li>
  );
}

function PostHeader({ details }: { details: PostLinkDetails }) {
  return (
    <div className="lv-detail-head">
      <PostImage className="lv-detail-image" src={details.enhancedImage ?? details.postImage} />
      <div>
        <h3>{details.postTitle || 'Untitled'}</h3>
        <p>
          {details.celebrity} · {details.show}
        </p>
        {details.brand && <p>Brand: {details.brand}</p>}
        {details.productType && <p>Product type: {details.productType}</p>}
        <p className="muted">
          Created <DateTime iso={details.postCreated} /> · {countOf(details.totalLinks, 'link')}
        </p>
      </div>
    </div>
  );
}

interface Props {
  postId: string | null;
  onClose(): void;
  isChecking(key: string): boolean;
  onCheckLink(postId: string, linkId: string): void;
}

/** §2.3 Link Validation Details: the post and each of its links, with status changes and checks. */
export function DetailsDialog({ postId, onClose, isChecking, onCheckLink }: Props) {
  const details = usePostLinks(postId);
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  return (
    <Dialog
      open={postId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Link Validation Details"
      className="lv-dialog"
      // a status chosen here is saved at once: nothing is ever left unsaved
      dirty={false}
    >
      {details.isPending && <p className="muted">Loading link details...</p>}
      {details.isError && (
        <p className="banner" role="alert">
          {LinkValidationErrors.details}
        </p>
      )}
      {details.data && postId && (
        <>
          <PostHeader details={details.data} />
          <ol className="lv-links">
            {details.data.links.map((link) => (
              <LinkCard
                key={link.linkId}
                postId={postId}
                link={link}
                changed={changed.has(link.linkId)}
                onChanged={() => setChanged((current) => new Set(current).add(link.linkId))}
                checking={isChecking(link.linkId)}
                onCheck={() => onCheckLink(postId, link.linkId)}
              />
            ))}
          </ol>
        </>
      )}
      <div className="buttons">
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
