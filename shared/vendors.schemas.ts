import { Type, type Static, type TSchema } from 'typebox';
import { Name, SearchText, Text } from './common.schemas.ts';
import { Paged, PageQueryFields } from './paging.schemas.ts';

/**
 * Vendors (spec section 3: name, description, tax code, website, address; designed here, the spec
 * does not show their calls): whom the company pays for a COMPANY invoice. Created, changed,
 * deactivated and — while no invoice names them — deleted by `vendors.manage`; picked on the invoice
 * form by everyone who submits invoices.
 */

export const VENDOR_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const VendorBody = Type.Object(
  {
    name: Name(255),
    description: Type.Optional(Nullable(Text(2000))),
    /** 10 digits, or 10 digits, a dash and 3 digits for a branch (checked by the service: 'taxCode'). */
    taxCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    /** An http(s) address; 'example.vn' is kept as 'https://example.vn'. */
    website: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
    address: Type.Optional(Nullable(Text(500))),
  },
  { additionalProperties: false },
);
export type VendorBody = Static<typeof VendorBody>;

export const VendorUpdateBody = Type.Object(
  { ...VendorBody.properties, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type VendorUpdateBody = Static<typeof VendorUpdateBody>;

export const VendorStatusBody = Type.Object(
  { status: Type.Enum(VENDOR_STATUSES), version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export type VendorStatusBody = Static<typeof VendorStatusBody>;

export const VendorQuery = Type.Object(
  {
    search: Type.Optional(SearchText()),
    status: Type.Optional(Type.Enum(VENDOR_STATUSES)),
    ...PageQueryFields,
  },
  { additionalProperties: false },
);
export type VendorQuery = Static<typeof VendorQuery>;

export const Vendor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  taxCode: Nullable(Type.String()),
  website: Nullable(Type.String()),
  address: Nullable(Type.String()),
  status: Type.Enum(VENDOR_STATUSES),
  /** Invoices naming the vendor: a vendor with any cannot be deleted, only deactivated. */
  invoiceCount: Type.Integer({ minimum: 0 }),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  abilities: Type.Object({ edit: Type.Boolean(), changeStatus: Type.Boolean(), delete: Type.Boolean() }),
});
export type Vendor = Static<typeof Vendor>;
export const VendorPage = Paged(Vendor);
export type VendorPage = Static<typeof VendorPage>;
