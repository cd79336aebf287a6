import { parseHttpUrl } from './link-safety.ts';

/**
 * Hosts of affiliate networks' tracking links (and the short links that lead to them): a link on
 * one of them already earns through that network, so the storefront does not wrap it again.
 * Each host covers its subdomains (Impact gives every brand its own, e.g. brand.sjv.io).
 */
export const AFFILIATE_NETWORK_HOSTS: Readonly<Record<string, readonly string[]>> = {
  Skimlinks: ['go.skimresources.com', 'go.redirectingat.com'],
  'rewardStyle / LTK': ['rstyle.me', 'liketk.it', 'shopltk.com'],
  'Rakuten Advertising (LinkShare)': ['linksynergy.com'],
  Awin: ['awin1.com', 'tidd.ly'],
  CJ: [
    'anrdoezrs.net',
    'dpbolvw.net',
    'jdoqocy.com',
    'kqzyfj.com',
    'tkqlhce.com',
    'emjcd.com',
    'qksrv.net',
    'ftjcfx.com',
    'lduhtrp.net',
    'afcyhf.com',
    'awltovhc.com',
    'tqlkg.com',
    'apmebf.com',
  ],
  Impact: ['sjv.io', 'pxf.io', 'evyy.net', '7eer.net', 'ojrq.net', 'r3e3.net'],
  ShareASale: ['shareasale.com'],
  'Sovrn (VigLink)': ['redirect.viglink.com'],
  Partnerize: ['prf.hn'],
  'Amazon Associates': ['amzn.to'],
};

const NETWORK_HOSTS = Object.values(AFFILIATE_NETWORK_HOSTS).flat();
const AMAZON_HOST =
  /(^|\.)amazon\.(com|ca|co\.uk|de|fr|it|es|nl|se|pl|com\.au|com\.mx|com\.br|co\.jp|in|ae|sa|sg|com\.tr|com\.be)$/;

/**
 * Whether a link already goes through an affiliate network: a network's tracking host, or an
 * Amazon product link that carries an Associates `tag`.
 */
export function isAffiliateNetworkUrl(link: string): boolean {
  const url = parseHttpUrl(link);
  if (!url) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (NETWORK_HOSTS.some((network) => host === network || host.endsWith(`.${network}`))) return true;
  return AMAZON_HOST.test(host) && (url.searchParams.get('tag') ?? '') !== '';
}
