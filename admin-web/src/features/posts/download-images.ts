import { DOWNLOAD_GAP_MS } from '../../config/constants.ts';
import { sleep } from '../../lib/sleep.ts';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/** The file extension of an image: from its media type, else from its address, else jpg. */
export function imageExtension(mediaType: string | null, url: string): string {
  const type = mediaType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (EXTENSIONS[type]) return EXTENSIONS[type];
  const fromPath = /\.(jpe?g|png|webp|gif|avif|svg)$/i.exec(new URL(url, 'http://x').pathname)?.[1];
  return fromPath ? fromPath.toLowerCase().replace('jpeg', 'jpg') : 'jpg';
}

/**
 * Share content names images on the storefront's address (PUBLIC_SITE_URL). The console is served
 * by the same gateway, so an image of the site is read from the console's own origin: it then shows
 * and downloads when the console was opened under another host name than that address. Images of
 * other hosts are left as they are.
 */
export function imageFromConsole(image: string, postUrl: string): string {
  const url = new URL(image, window.location.href);
  if (url.origin !== new URL(postUrl, window.location.href).origin) return image;
  return `${window.location.origin}${url.pathname}${url.search}`;
}

function clickDownload(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads one image as `<baseName>.<its real extension>`. The bytes are fetched first (a download
 * link is ignored by browsers for another origin, and the name needs the real media type); when an
 * image host refuses to be read (no CORS), the download link is used with the address's extension.
 */
export async function downloadFile(url: string, baseName: string): Promise<void> {
  let blob: Blob;
  try {
    const res = await fetch(url, { credentials: 'omit' });
    if (!res.ok) throw new Error(String(res.status));
    blob = await res.blob();
  } catch {
    clickDownload(url, `${baseName}.${imageExtension(null, url)}`);
    return;
  }
  const objectUrl = URL.createObjectURL(blob);
  try {
    clickDownload(objectUrl, `${baseName}.${imageExtension(blob.type, url)}`);
  } finally {
    // the click has handed the bytes to the browser's download; the address can go after this turn
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
}

/**
 * admin.md §2 Sharing: bulk image download, one file at a time with 500 ms between them (browsers
 * drop downloads started together).
 */
export async function downloadImages(
  images: { url: string; name: string }[],
  download: (url: string, name: string) => unknown = downloadFile,
) {
  for (const [index, image] of images.entries()) {
    if (index > 0) await sleep(DOWNLOAD_GAP_MS);
    await download(image.url, image.name);
  }
}
