/**
 * Sends bytes to a presigned POST as a browser does: multipart/form-data with every field the API
 * gave, then the file last. s3rver answers 204 (it enforces no policy: the API re-checks the file).
 */
export async function postToStorage(
  target: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  contentType: string,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'upload');
  return fetch(target.url, { method: 'POST', body: form });
}
