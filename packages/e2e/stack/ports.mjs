// Ports of the end-to-end stack: apart from `pnpm start`'s defaults so both can run at once.
export const E2E = {
  console: Number(process.env.E2E_CONSOLE_PORT ?? 4273),
  users: 4274,
  commerce: 4275,
  transactions: 4276,
  engagement: 4277,
  settings: 4278,
  api: Number(process.env.E2E_API_PORT ?? 3100),
  control: 3199,
};
