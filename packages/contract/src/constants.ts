/** Business constants and limits (`docs/api.md`). One place, so clients and server agree. */

export const SUCCESS_CODE = 200;

export const PAGE_SIZES = {
  GAMES: 20,
  USERS: 50,
  MARKETPLACE: 20,
  MARKETPLACE_ORDERS: 20,
  PAYMENTS: 20,
  INVENTORY: 20,
  TASKS: 10,
  SHOP_ITEMS: 10,
  WITHDRAWALS: 10,
  GIVEAWAYS: 10,
  SHOP_ORDERS: 15,
  // The brief gives these three lists no pages; at volume they need them.
  LOOT_BOXES: 20,
  MAILINGS: 20,
  TOURNAMENTS: 20,
} as const;

/** Ceiling a server accepts for `limit`, so one request cannot ask for a whole table. */
export const MAX_PAGE_LIMIT = 100;

/**
 * The page sizes an admin may choose on a list whose API pages, beside the list's own default
 * (the brief's); none is above `MAX_PAGE_LIMIT`.
 */
export const PAGE_SIZE_CHOICES = [10, 20, 50, 100] as const;

export const ONLINE_WINDOW_MS = 5 * 60 * 1000;
export const METRICS_POLL_MS = 5000;
/**
 * A request the console sends on its own (polling) carries this header with the value `1`:
 * the server does not count it as the admin's activity, so an open tab alone lets the
 * session reach its idle timeout.
 */
export const BACKGROUND_HEADER = 'X-Background';
/**
 * Every call carries the builds the console is running, `shell@<version> <remote>@<version>...`
 * (the remotes loaded in the tab); the API keeps it in the audit rows the call writes.
 */
export const CONSOLE_VERSION_HEADER = 'X-Console-Version';
/** Longest `X-Console-Version` the API accepts. */
export const CONSOLE_VERSION_MAX_LENGTH = 512;
/** The characters an `X-Console-Version` may hold: letters, digits, `.+-_@:` and spaces. */
export const CONSOLE_VERSION_PATTERN = /^[A-Za-z0-9.+\-_@: ]*$/;
export const LEADERBOARD_TOP = 100;
/** Page numbers shown around the current page, plus first and last with ellipses. */
export const PAGINATION_WINDOW = 5;
export const USERNAME_MAX_LENGTH = 20;

export const ABBREVIATION = { THOUSAND: 1e3, MILLION: 1e6, BILLION: 1e9 } as const;

export const TOTP_DIGITS = 6;
export const BACKUP_CODE_MAX_LENGTH = 9;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const GIFT_SEARCH_DEBOUNCE_MS = 300;

export const CHANCE_TOLERANCE = 0.001;
export const DEFAULT_REWARD_STARS_VALUES = { SMALL: 40, LARGE: 1200 } as const;

/** Stars value of one unit of a loot box reward, by reward type (NFT: its TON price x250). */
export const STARS_RATE_BY_REWARD = { TON: 250, STARS: 1, NFT: 250, GIFT: 1 } as const;
/** Stars value of one unit of a shop item's price, by its currency. */
export const STARS_RATE_BY_SHOP_CURRENCY = { STAR: 1, TON: 250, RED_CHIP: 0.25 } as const;

export const REWARD_TYPES = ['TON', 'STARS', 'NFT', 'GIFT', 'NFT_FAKE', 'SHOP'] as const;
export type RewardType = (typeof REWARD_TYPES)[number];

export const CURRENCIES = ['TON', 'RED_CHIP', 'STAR', 'PLAY'] as const;

export const SHOP_TYPES = ['BACKGROUND', 'FRAME', 'NICKNAME', 'NOOB_PACK', 'CUSTOM_AVATAR'] as const;
/** The shop order type filter omits CUSTOM_AVATAR. */
export const SHOP_ORDER_TYPES = ['BACKGROUND', 'FRAME', 'NICKNAME', 'NOOB_PACK'] as const;

export const TASK_CATEGORIES = ['Partners', 'In Game'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

export const REDIRECT_ACTIONS = [
  'close',
  'HomePage',
  'FarmPage',
  'ProfilePage',
  'MarketPage',
  'ShopPage',
  'CreateGamePage',
  'DepositPage',
  'LeaderboardPage',
  'TournamentsPage',
  'RoomListPage',
  'SettingsPage',
] as const;
export type RedirectAction = (typeof REDIRECT_ACTIONS)[number];

export const WEEK_DAYS = 7;
export const MONTH_DAYS = 30;

export const TOAST = {
  DEFAULT_MS: 4000,
  SUCCESS_MS: 3000,
  MAX_VISIBLE: 20,
  REMOVE_DELAY_MS: 1000,
} as const;

/** At most this many pairs of test Owners a stack seeds for the end-to-end suite (DEMO_TEST_ADMINS). */
export const MAX_TEST_ADMINS = 16;

/**
 * The names of the `n`th pair of test Owners (1-based), what the end-to-end suite's worker
 * `n - 1` signs in as: `qa-<n>` with the first demo admin's password and no second factor, and
 * `qa-<n>-totp` like the second demo admin (its password, TOTP secret and backup codes; the
 * server refuses a code's step once per admin, so workers never spend each other's codes).
 */
export const testAdminNames = (n: number) => ({ plain: `qa-${n}`, totp: `qa-${n}-totp` });

/** Image uploads accept these content types only (spec: JPEG, PNG, GIF, WebP). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * The release tool's question to the API (`pnpm promote --canary`): which of the names it sends
 * are no active administrator. Not a call of the console; it carries RELEASES_TOKEN.
 */
export const CANARY_ADMINS_PATH = '/releases/canary-admins';

/** RELEASES_TOKEN of an API outside production, and what the release tool sends by default. */
export const DEV_RELEASES_TOKEN = 'local-releases-token';
