/**
 * Every business constant of storefront.md §9 (and the timings of §4), named as the spec names
 * them. Components import from here; nothing hard-codes these numbers.
 */

export const SITE_NAME = 'CelebStyle';
export const SITE_TAGLINE = 'Your VIP Access to Celebrity Style';

// §9 Search
export const SEARCH_DEBOUNCE_MS = 200;
export const HEADER_SEARCH_RESULTS = 12;
export const MOBILE_MENU_RESULTS_PER_GROUP = 3;
export const DROPDOWN_MAX_HEIGHT_REM = 24;

// §9 Home
export const HOME_SKELETON_CARDS = 8;
export const HOME_SKELETON_CARDS_MOBILE = 6;
export const LATEST_ARRIVALS = 8;
export const LATEST_ARRIVALS_MOBILE = 6;
export const TOP_PICKS = 8;
export const TRENDING_CELEBS = 12;
/** §7: the celebrity list (trending-celebrities, limit 200): one answer serves the directory and home. */
export const CELEBRITY_DIRECTORY_SIZE = 200;
export const FOOTER_SHOWS = 5;
export const REAL_HOUSEWIVES_POSTS = 9;
export const REAL_HOUSEWIVES_SHOW = 'Real Housewives';
export const FASHION_BY_SHOW_SHOWS = 12;
/** §7: popular show sections take the first 20 shows by count, keep those with ≥5 posts, take 3. */
export const POPULAR_SHOWS_POOL = 20;
export const POPULAR_SHOW_MIN_POSTS = 5;
export const POPULAR_SHOW_SECTIONS = 3;
export const STREAMING_SERVICES = 7;

// §9 Logo fade
export const LOGO_FADE_START_PX = 50;
export const LOGO_FADE_END_PX = 300;
export const LOGO_FADE_MIN_WIDTH_PX = 768;
export const SCROLLBAR_HIDE_MS = 1000;

// §9 Toasts (public)
export const TOAST_DURATION_BLANK_MS = 4000;
export const TOAST_DURATION_ERROR_MS = 4000;
export const TOAST_DURATION_SUCCESS_MS = 2000;
export const TOAST_DURATION_LOADING_MS = Infinity;
export const TOAST_LIMIT = 20;

// §9 Fashion page
export const FASHION_CHUNK = 30;
export const FASHION_SCROLL_TRIGGER_PX = 800;
/** §5: show filter options keep names of at least 4 characters and at most 5 words. */
export const SHOW_OPTION_MIN_CHARS = 4;
export const SHOW_OPTION_MAX_WORDS = 5;

// §9 Celebrity/show grids and carousels
export const DIRECTORY_PAGE_SIZE = 8;
export const PAGER_MAX_NUMBER_BUTTONS = 5;
export const FEATURED_CAROUSEL_ITEMS = 8;
export const FEATURED_SCROLL_STEP_PX = 300;
export const MOBILE_FEATURED = 4;

// §9 Celebrity profile / show outfits
export const CELEBRITY_FIRST_POSTS = 8;
export const CELEBRITY_BATCH = 16;
export const CELEBRITY_TOP_PICKS = 3;
export const SHOW_OUTFITS_PAGE_SIZE = 12;

// §9 Product page
export const RELATED_FETCHED = 8;
export const RELATED_KEPT = 6;
export const RECENT_OUTFITS_FETCHED = 24;
export const RECENT_OUTFITS_MOBILE = 8;
export const RECENT_OUTFITS_DESKTOP = 12;
/** Beyond the spec: looks of the same celebrity (else show) offered when an item is no longer available. */
export const SIMILAR_LOOKS = 3;
/** §9 Gallery: main image plus 3 additional; slide dots max 10. */
export const GALLERY_ADDITIONAL_IMAGES = 3;
export const GALLERY_MAX_DOTS = 10;

// §9 Top-picks page
export const TOP_PICKS_PAGE_SIZE = 10;
export const TOP_PICKS_TOP_ITEMS = 100;
export const BACK_TO_TOP_AFTER_PX = 300;

// §9 Public trending
export const TRENDING_PAGE_SIZE = 9;
export const TRENDING_MAX_PAGE_SLOTS = 7;

// §4 / §9 Zoom and viewer gestures
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_BUTTON_STEP = 0.4;
export const ZOOM_MODAL_CLOSE_DELAY_MS = 400;
export const ZOOM_ANIMATION_MODAL_MS = 200;
export const ZOOM_ANIMATION_BUTTONS_MS = 250;
export const ZOOM_ANIMATION_WHEEL_MS = 150;
export const ZOOM_SNAP_BACK_MS = 350;
export const DOUBLE_TAP_MIN_MS = 40;
export const DOUBLE_TAP_MAX_MS = 300;
export const DOUBLE_TAP_ZOOM = 2.2;
export const SWIPE_MAX_ZOOM = 1.05;
export const SWIPE_COMMIT_PX = 30;
export const SWIPE_COMMIT_VELOCITY = 0.3;
export const PINCH_SETTLE_LOW = 1.15;
export const PINCH_SETTLE_HIGH = 2.85;
export const PAN_BOUND_FRACTION = 0.6;
export const WHEEL_ZOOM_STEP = 0.003;

export const MARQUEE_LOOP_S = 15;

// Home hero (storefront.md §1): drop a looping MP4 at web/public/media/hero.mp4; until then, or when
// autoplay is refused, the fallback image shows.
export const HERO_VIDEO_URL = '/media/hero.mp4';
export const HERO_FALLBACK_IMAGE = '/media/hero-fallback.svg';

// §9 Messages
export const NEWSLETTER_MESSAGE_RESET_MS = 5000;
export const SUPPORT_MESSAGE_RESET_MS = 5000;
export const LOAD_MORE_ERROR_MS = 5000;

// Breakpoints used across the spec (px)
export const BREAKPOINT_SM = 640;
export const BREAKPOINT_MD = 768;

// §9 Terms
export const TERMS_MINIMUM_AGE = 18;

// §9 Support categories (default Other): the API's list, from contracts (docs/conventions.md: never retyped)
export {
  SUPPORT_SUBJECTS as SUPPORT_CATEGORIES,
  DEFAULT_SUPPORT_CATEGORY as SUPPORT_DEFAULT_CATEGORY,
  CATEGORY_SETTING_SUBJECTS as SUPPORT_CATEGORY_SETTING_SUBJECTS,
} from '@celebstyle/contracts';

// §7 Query sizes
export const SHOWS_DEFAULT_LIMIT = 20;
export const TOP_PICKS_DEFAULT_LIMIT = 8;

// Newsletter, support, About and Terms pages
/** §5: text, @, text, dot, text. */
export const NEWSLETTER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** §2 About: FAQ answers up to 12 rem high. */
export const ABOUT_FAQ_ANSWER_MAX_HEIGHT_REM = 12;
/** §2 / §9 Terms: governing law and courts. */
export const TERMS_GOVERNING_LAW = 'New York';
export const TERMS_COURTS = 'New York County';
