/**
 * Where avatar files live in the images bucket. Every key starts with `images/` (CloudFront serves
 * that prefix at /images/*, and the Lambdas' grant covers only it). Uploads sit under the caller's
 * id, so an upload id alone can never reach another user's file.
 */

export function avatarUploadKey(userId: string, uploadId: string): `images/${string}` {
  return `images/uploads/avatars/${userId}/${uploadId}`;
}

export function avatarVariantKey(userId: string, imageId: string, variant: string): `images/${string}` {
  return `images/avatars/${userId}/${imageId}/${variant}.jpg`;
}
