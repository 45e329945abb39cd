export const PRODUCT_NAME = 'Cratebase';
export const ORGANIZATION_TYPES = ['Merchant', 'Buyer'] as const;
export const DEFAULT_ORGANIZATION_TYPE: (typeof ORGANIZATION_TYPES)[number] = 'Buyer';
export const COUNTRY = 'US';
export const LIMITS = {
  organizationName: 120,
  slogan: 500,
  passwordMin: 8,
  passwordMax: 200,
  email: 254,
  maxBodyBytes: 1024 * 1024,
} as const;
export const SETUP_STEPS_TOTAL = 5;
export const STORAGE_KEYS = {
  buyerInviteId: 'buyer_invite_id',
  buyerOrgId: 'buyer_org_id',
  org: 'org',
} as const;
