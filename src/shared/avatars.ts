/**
 * User pictures: which files are accepted and how they are recognised. The server decides by the
 * file's first bytes (never by its name or the type a browser claims), and the web checks the same
 * way before sending, so both refuse the same files with the same texts. SVG is refused: it can
 * carry script.
 */
export const AVATAR_MAX_BYTES = 512 * 1024;

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
type AvatarType = (typeof AVATAR_TYPES)[number];

const isAvatarType = (type: string): type is AvatarType =>
  (AVATAR_TYPES as readonly string[]).includes(type);

/** Where the pictures are served: `/avatars/{company slug}/{key}`. */
export const AVATAR_PATH = '/avatars';

const AVATAR_TYPE_TEXT = 'Only PNG, JPEG, WebP or GIF pictures can be used as an avatar.';
export const AVATAR_TOO_LARGE_TEXT = `The picture is too large: at most ${AVATAR_MAX_BYTES / 1024} KB.`;
const AVATAR_EMPTY_TEXT = 'The picture is empty.';
export const AVATAR_NOT_BASE64_TEXT = 'The picture data must be base64 encoded.';
const avatarMismatchText = (claimed: string, found: AvatarType | null) =>
  found
    ? `The picture was sent as ${claimed} but is a ${found} file.`
    : `The file sent as ${claimed} is not a PNG, JPEG, WebP or GIF picture.`;

/** Base64 of the largest picture, rounded up to whole 4-character groups. */
export const AVATAR_MAX_BASE64_LENGTH = Math.ceil(AVATAR_MAX_BYTES / 3) * 4;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The picture type the bytes really are, or null when they are none of the accepted ones. */
function sniffAvatarType(bytes: Uint8Array): AvatarType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Why these bytes, claimed to be of `claimed` type, can not be an avatar; null when they can. */
export function avatarProblem(claimed: string, bytes: Uint8Array): string | null {
  if (!isAvatarType(claimed)) return AVATAR_TYPE_TEXT;
  if (bytes.length === 0) return AVATAR_EMPTY_TEXT;
  if (bytes.length > AVATAR_MAX_BYTES) return AVATAR_TOO_LARGE_TEXT;
  const found = sniffAvatarType(bytes);
  return found === claimed ? null : avatarMismatchText(claimed, found);
}
