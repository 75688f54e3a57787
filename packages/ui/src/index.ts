export { abbreviateNumber, formatDecimals } from './format/number';
export { truncate, shortId } from './format/text';
export { formatDate, formatDateTime, timeAgo, isOnline } from './format/date';
export { ONLINE_WINDOW_MS, PAGINATION_WINDOW, IMAGE_ACCEPT, IMAGE_UPLOAD_MAX_BYTES } from './limits';
export { PageHeader } from './components/page-header';
export { StatCard } from './components/stat-card';
export { Panel } from './components/panel';
export { consolePageTheme, consoleTheme } from './theme';
export { ConsoleRoot } from './components/console-root';
export { EmptyState, LoadingState, ErrorState } from './components/states';
export { Pagination } from './components/pagination';
export { SimpleTable, type SimpleTableColumn } from './components/simple-table';
export { ResponsiveTable } from './components/responsive-table';
export { usePhone } from './components/use-phone';
export { tableScrollX } from './components/table-scroll-x';
export { pageWindow } from './components/page-window';
export { GiftImage, giftImageUrl, GIFT_PLACEHOLDER_SRC } from './components/gift-image';
export { CurrencyIcon } from './components/currency-icon';
export { CountryFlag } from './components/country-flag';
export { ImageUpload } from './components/image-upload';
export { SearchBox } from './components/search-box';
export { GiftSearchPicker } from './components/gift-pickers/gift-search-picker';
export { StarsGiftGrid } from './components/gift-pickers/stars-gift-grid';
export { SelectedGifts } from './components/gift-pickers/selected-gifts';
export { ShopItemPicker } from './components/gift-pickers/shop-item-picker';

// antd and the icons, re-exported: apps import them from here (see antd.ts).
export * from './antd';
export * from './icons';
