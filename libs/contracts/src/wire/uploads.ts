/**
 * A presigned POST for a browser or app: post `fields` plus the file (as `file`, last) as
 * multipart/form-data to `url`. The policy fixes the key, the content type and the size.
 */
export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}
