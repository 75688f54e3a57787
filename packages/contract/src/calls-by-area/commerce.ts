import * as market from '../schemas/marketplace.ts';
import * as shop from '../schemas/shop.ts';
import * as gifts from '../schemas/gifts.ts';
import * as boxes from '../schemas/loot-boxes.ts';
import { idParamSchema } from '../schemas/common.ts';
import { call, GET, POST, PUT, PATCH, DELETE } from './call.ts';

/** Marketplace, shop, gifts and loot boxes. Part of `calls` (../calls.ts). */
export const commerceCalls = {
  // marketplace and shop
  marketplace: call({
    method: GET,
    permission: 'marketplace.read',
    path: '/marketplace',
    query: market.marketplaceQuerySchema,
    response: market.marketplaceResponseSchema,
  }),
  marketplaceOrders: call({
    method: GET,
    permission: 'marketplace.read',
    path: '/marketplace/orders',
    query: market.marketplaceOrdersQuerySchema,
    response: market.marketplaceOrdersResponseSchema,
  }),
  shopItems: call({
    method: GET,
    permission: 'shop.read',
    path: '/shop-items',
    query: shop.shopItemsQuerySchema,
    response: shop.shopItemsResponseSchema,
  }),
  createShopItem: call({
    method: POST,
    permission: 'shop.manage',
    path: '/shop-items',
    stepUp: 'always',
    multipart: true,
    body: shop.createShopItemBodySchema,
    response: shop.shopItemResponseSchema,
  }),
  updateShopItem: call({
    method: PUT,
    permission: 'shop.manage',
    path: '/shop-items/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: shop.updateShopItemBodySchema,
    response: shop.shopItemResponseSchema,
  }),
  deleteShopItem: call({
    method: DELETE,
    permission: 'shop.manage',
    path: '/shop-items/:id',
    params: idParamSchema,
  }),
  shopOrders: call({
    method: GET,
    permission: 'shop.read',
    path: '/shop-orders',
    query: shop.shopOrdersQuerySchema,
    response: shop.shopOrdersResponseSchema,
  }),
  // gifts and loot boxes
  inventoryGifts: call({
    method: GET,
    permission: 'gifts.read',
    path: '/giveaways/inventory-gifts',
    query: gifts.inventoryGiftsQuerySchema,
    response: gifts.inventoryGiftsResponseSchema,
  }),
  starsGifts: call({
    method: GET,
    permission: 'gifts.read',
    path: '/giveaways/stars-gifts',
    response: gifts.starsGiftsResponseSchema,
  }),
  lootBoxes: call({
    method: GET,
    permission: 'lootboxes.read',
    path: '/loot-boxes',
    query: boxes.lootBoxesQuerySchema,
    response: boxes.lootBoxesResponseSchema,
  }),
  createLootBox: call({
    method: POST,
    permission: 'lootboxes.manage',
    path: '/loot-boxes',
    stepUp: 'always',
    multipart: true,
    body: boxes.lootBoxBodySchema,
    response: boxes.lootBoxResponseSchema,
  }),
  updateLootBox: call({
    method: PUT,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: boxes.lootBoxBodySchema,
    response: boxes.lootBoxResponseSchema,
  }),
  toggleLootBox: call({
    method: PATCH,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id/toggle-status',
    params: idParamSchema,
    response: boxes.lootBoxResponseSchema,
  }),
  deleteLootBox: call({
    method: DELETE,
    permission: 'lootboxes.manage',
    path: '/loot-boxes/:id',
    params: idParamSchema,
  }),
} as const;
