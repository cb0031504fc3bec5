/** The avatar upload limits (spec section 5: images JPG or PNG up to 1 MB), shared by the server and the form. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * The letter shown in place of a missing photo, the same everywhere (lists, header, settings,
 * notifications): the first letter of the given name (people are called by it: "An" of
 * "Nguyễn Văn An"), else of the family name, else of the email.
 */
export function avatarInitial(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const source = person.firstName?.trim() || person.lastName?.trim() || person.email?.trim() || '';
  return source.slice(0, 1).toLocaleUpperCase('vi');
}
