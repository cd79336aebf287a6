import { TWITTER_TEXT_LIMIT } from '../../config/constants.ts';

/** A share to Twitter: the text, cut to 250 characters (247 and '...') when longer, then the URL. */
export function twitterText(text: string, postUrl: string): string {
  const cut = text.length > TWITTER_TEXT_LIMIT ? `${text.slice(0, TWITTER_TEXT_LIMIT - 3)}...` : text;
  return `${cut} ${postUrl}`;
}

export function twitterShareUrl(text: string, postUrl: string): string {
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(twitterText(text, postUrl))}`;
}

export function facebookShareUrl(postUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(postUrl)}`;
}

export function pinterestShareUrl(postUrl: string, image: string | null, description: string): string {
  const query = new URLSearchParams({ url: postUrl, description });
  if (image) query.set('media', image);
  return `https://pinterest.com/pin/create/button/?${query.toString()}`;
}

/** The text shared to Twitter before the cut: title, who wore it on which show, the hashtags. */
export function shareSummary(content: {
  title: string;
  celebrity: string;
  show: string;
  hashtags: string[];
}) {
  return [`${content.title} - ${content.celebrity} on ${content.show}`, ...content.hashtags].join(' ');
}
