/** The avatar upload limits (spec section 5: images JPG or PNG up to 1 MB), shared by the server and the form. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;
