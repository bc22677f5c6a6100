import { z } from 'zod';

export const PromotionSchema = z.object({
  DiscountMethod: z.enum(['Percentage', 'Value']),
  /** Percent (whole number) for Percentage, minor units for Value. */
  DiscountAmount: z.number().int(),
  DiscountCode: z.string().nullable(),
});

/** The product card's fields (storefront.md section 3), plus ids and minor-unit prices for clients that compute. */
export const ProductListItemSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Title: z.string(),
  Rrp: z.string(),
  Sp: z.string(),
  RrpMinorUnits: z.number().int(),
  SpMinorUnits: z.number().int(),
  Promotion: PromotionSchema.nullable(),
  Url: z.string(),
  ImageUrl: z.string().nullable(),
  Condition: z.number().int().min(0).max(5),
  Category: z.string(),
  StoreNameWithState: z.string(),
  IsAvailable: z.boolean(),
  IsInWishlist: z.boolean(),
  ShippingLabel: z.string(),
  /** Minor units; null when the item cannot be posted. */
  ShippingCost: z.number().int().nullable(),
  Brand: z.string(),
  ProductList: z.string(),
  HasAuthenticityCertificate: z.boolean(),
  ItemUnavailableAsStoreDisabledPickup: z.boolean(),
  DisableInStorePickup: z.boolean(),
  /** Km from the search's `near` to the item's store, one decimal (roundDistanceKm); absent without `near`. */
  DistanceKm: z.number().optional(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

const ContentListItemSchema = z.object({
  ContentType: z.enum(['StorePage', 'ContentPage']),
  Url: z.string(),
  DisplayName: z.string(),
  Name: z.string(),
  Description: z.string(),
});
export type ContentListItem = z.infer<typeof ContentListItemSchema>;

const FacetItemSchema = z.object({
  /** 'name|guid': the name is shown, the guid identifies the value in the query string. */
  Term: z.string(),
  Name: z.string(),
  Guid: z.string(),
  Count: z.number().int(),
  Selected: z.boolean(),
});
export type FacetItem = z.infer<typeof FacetItemSchema>;

const FacetGroupSchema = z.object({
  Name: z.string(),
  GroupName: z.string(),
  FacetItems: z.array(FacetItemSchema),
});
export type FacetGroup = z.infer<typeof FacetGroupSchema>;

export interface CategoryFacetItem extends FacetItem {
  Url: string;
  FacetItems: CategoryFacetItem[];
}
const CategoryFacetItemSchema: z.ZodType<CategoryFacetItem> = z.lazy(() =>
  FacetItemSchema.extend({
    Url: z.string(),
    FacetItems: z.array(CategoryFacetItemSchema),
  }),
);

const CategoryFacetGroupSchema = z.object({
  Name: z.string(),
  GroupName: z.literal('category'),
  /** Items in every category together ("All"). */
  Count: z.number().int(),
  FacetItems: z.array(CategoryFacetItemSchema),
});

const StoreFacetGroupSchema = z.object({
  /** The state's full name. */
  Name: z.string(),
  Term: z.string(),
  Guid: z.string(),
  Count: z.number().int(),
  TotalStores: z.number().int(),
  TotalItemsInState: z.number().int(),
  Selected: z.boolean(),
  Stores: z.array(FacetItemSchema),
});
export type StoreFacetGroup = z.infer<typeof StoreFacetGroupSchema>;

const PriceRangeFacetItemSchema = z.object({
  Term: z.string(),
  /** Whole major units (dollars or pounds); To is null for the open-ended top range. */
  From: z.number().int(),
  To: z.number().int().nullable(),
  TotalAvaibleItems: z.number().int(),
  Selected: z.boolean(),
});

const PriceRangeGroupSchema = z.object({
  Name: z.string(),
  GroupName: z.literal('price'),
  PriceRangeFacetItems: z.array(PriceRangeFacetItemSchema),
});

const FilterFacetSchema = z.object({
  Name: z.string(),
  GroupName: z.enum(['onsale', 'haspictures']),
  Term: z.literal('true'),
  Count: z.number().int(),
  Selected: z.boolean(),
});

const SortOptionSchema = z.object({
  DisplayName: z.string(),
  KeyName: z.string(),
  IsDescending: z.boolean(),
  /** KeyName plus '+' or '-', as written in the Sort query key. */
  Value: z.string(),
  Selected: z.boolean(),
});
export type SortOption = z.infer<typeof SortOptionSchema>;

const SearchPillSchema = z.object({
  DisplayName: z.string(),
  Url: z.string(),
  Style: z.string(),
  BannerColour: z.string(),
});

export const BreadcrumbSchema = z.object({ Label: z.string(), Url: z.string() });

export const SearchResultsValueSchema = z.object({
  ProductList: z.object({
    ProductListItems: z.array(ProductListItemSchema),
    ProductListItemCount: z.number().int(),
  }),
  ContentListResults: z.object({
    ContentListItems: z.array(ContentListItemSchema),
    ContentListItemCount: z.number().int(),
  }),
  CategoryFacetGroupList: z.array(CategoryFacetGroupSchema),
  StoreFacetGroupList: z.array(StoreFacetGroupSchema),
  UpperFacetGroupList: z.array(FacetGroupSchema),
  LowerFacetGroupList: z.array(FacetGroupSchema),
  PriceRangeGroupItem: PriceRangeGroupSchema,
  FilterFacetList: z.array(FilterFacetSchema),
  SortOptions: z.array(SortOptionSchema),
  SearchPills: z.array(SearchPillSchema),
  Breadcrumbs: z.array(BreadcrumbSchema),
  /** The page size the server used; a client that asked for another repeats with this one. */
  MaxResults: z.number().int(),
  Page: z.number().int(),
});
export type SearchResultsValue = z.infer<typeof SearchResultsValueSchema>;

export const PredictiveValueSchema = z.object({
  PredectiveListItemCount: z.number().int(),
  PredectiveSearchItems: z.array(
    z.object({
      DisplayName: z.string(),
      Url: z.string(),
      /** 0: a search scoped to a category; 1: a product. */
      Type: z.number().int(),
    }),
  ),
  AutoCompleteItems: z.array(z.object({ PotentialSearchQuery: z.string(), Url: z.string() })),
  PredictiveCategories: z.array(z.object({ CategoryName: z.string(), CategoryUrl: z.string(), IconUrl: z.string() })),
});
export type PredictiveValue = z.infer<typeof PredictiveValueSchema>;

export const StoreSchema = z.object({
  Id: z.number().int(),
  Slug: z.string(),
  Name: z.string(),
  NameWithState: z.string(),
  State: z.string(),
  StateName: z.string(),
  Address: z.string(),
  Suburb: z.string(),
  Postcode: z.string(),
  Phone: z.string(),
  Email: z.string(),
  OpeningHours: z.array(z.object({ Day: z.string(), Hours: z.string() })),
  BusinessNumber: z.string(),
  DealerLicences: z.array(z.string()),
  PickupDisabled: z.boolean(),
  Latitude: z.number(),
  Longitude: z.number(),
  Region: z.enum(['AU', 'UK']),
  Url: z.string(),
  /** Kilometres from the given point or place (one decimal); null without one. */
  DistanceKm: z.number().nullable(),
});
export type Store = z.infer<typeof StoreSchema>;

/** A store as the store finder lists it: with its day, in its own time zone, at the time of asking. */
export const StoreFinderStoreSchema = StoreSchema.extend({
  /** Open at this moment by its hours for today. */
  OpenNow: z.boolean(),
  /** Today's hours ("9:00 am - 5:30 pm"), "Closed", the store's own words ("By appointment"), or '' when it lists none. */
  TodayHours: z.string(),
});
export type StoreFinderStore = z.infer<typeof StoreFinderStoreSchema>;

export const StoreQueryValueSchema = z.object({
  Stores: z.array(StoreFinderStoreSchema),
  TotalStores: z.number().int(),
  SortOptions: z.array(z.object({ Option: z.string(), Name: z.string(), Order: z.number().int() })),
});
export type StoreQueryValue = z.infer<typeof StoreQueryValueSchema>;
