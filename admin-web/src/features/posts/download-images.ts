import { DOWNLOAD_GAP_MS } from './share-text.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts one browser download of `url` (a link with the download attribute, clicked). */
export function downloadFile(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * admin.md §2 Sharing: bulk image download, one file at a time with 500 ms between them (browsers
 * drop downloads started together).
 */
export async function downloadImages(
  images: { url: string; name: string }[],
  download: (url: string, name: string) => void = downloadFile,
) {
  for (const [index, image] of images.entries()) {
    if (index > 0) await wait(DOWNLOAD_GAP_MS);
    download(image.url, image.name);
  }
}
