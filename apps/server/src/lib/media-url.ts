/** Public URL of a stored file (local driver serves /media/*; S3 URLs are absolute already). */
export function mediaUrl(publicUrl: string, storageKey: string): string {
  if (/^https?:\/\//.test(storageKey)) return storageKey;
  return `${publicUrl}/media/${storageKey}`;
}
