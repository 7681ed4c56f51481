/** A refusal the caller should see: its HTTP status and the message text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      authentication_failed?: boolean;
      data?: unknown;
      /** The payload field the message is about (the envelope message's `field`). */
      field?: string;
      /** 'w': a refusal the caller may override by sending again (the diary's outside hours). */
      type?: 'w';
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (text: string, field?: string) =>
  new ApiError(400, text, field === undefined ? {} : { field });
export const forbidden = (text = 'You do not have the privilege to do this.') =>
  new ApiError(403, text);
export const notFound = (text: string) => new ApiError(404, text);
export const conflict = (text: string) => new ApiError(409, text);
export const unauthenticated = (text = 'Please log in again.') =>
  new ApiError(401, text, { authentication_failed: true });
