/** Enumerations and constants of the spec (storefront.md section 9 and shared sections). */

/** Cart change flags are bit flags (storefront.md section 4). */
export const ChangeType = {
  Details: 1,
  PriceIncrease: 2,
  PriceDecrease: 4,
  Availability: 8,
} as const;

/** Saved-search alert frequencies (shared enumeration). */
export const AlertFrequency = {
  None: 0,
  Daily: 1,
  Weekly: 2,
  Monthly: 3,
  Hourly: 4,
} as const;
export const AlertFrequencyLabel: Record<number, string> = {
  0: 'Never',
  1: 'Daily',
  2: 'Weekly',
  3: 'Monthly',
  4: 'Hourly',
};
export const MOBILE_MEDIA_QUERY = '(max-width: 47.99875em)';

export const PageSize = {
  search: 16,
  similar: 16,
  popular: 8,
  /** The most results one search request may return; larger requests are told MaxResults. */
  searchMax: 48,
} as const;

export const DiscountMethod = { Percentage: 'Percentage', Value: 'Value' } as const;

export const ContentType = { StorePage: 'StorePage', ContentPage: 'ContentPage' } as const;

export const SUGGESTION_MIN_LENGTH = 3;
export const SUGGESTION_DELAY_MS = 500;
export const EMAIL_MAX_LENGTH = 83;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 3000;
export const VERIFICATION_CODE_LENGTH = 6;

/** Product images are requested at these widths; thumbnails are 300x200. */
export const PRODUCT_IMAGE_WIDTHS = [800, 600, 450, 300] as const;
export const THUMBNAIL_SIZE = { width: 300, height: 200 } as const;
/** A banner's background image is requested at 1920x400 (account.md section 9). */
export const BANNER_BACKGROUND_SIZE = { width: 1920, height: 400 } as const;

/** Conditions 0-5: 0 means "not graded" and hides the dots. */
export const ConditionLabel: Record<number, string> = {
  0: 'Not graded',
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Like new',
};

/** Anti-forgery (double-submit): the server sets this cookie; every state-changing call echoes it in the header. */
export const ANTI_FORGERY_COOKIE = 'XSRF-TOKEN';
export const ANTI_FORGERY_HEADER = 'X-XSRF-TOKEN';

export const GENERIC_ERROR_NOTICE = 'Sorry, an error has occurred, please try again soon.';
