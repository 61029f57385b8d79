/**
 * Sends a file to a presigned storage POST: multipart/form-data with every field the API gave
 * (key, Content-Type, policy, signature…) first and the file last (S3 ignores fields after the
 * file), reporting progress (0…1). XMLHttpRequest, because fetch cannot report upload progress.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly status: number) {
    super(status ? `The upload failed with status ${status}` : 'The upload failed');
  }
}

/** The form a presigned POST takes: the fields in their order, then `file`. */
export function uploadForm(fields: Record<string, string>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (name !== 'file') form.append(name, value);
  }
  form.append('file', file);
  return form;
}

export function postFile(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadError(request.status));
    };
    request.onerror = () => reject(new UploadError(0));
    request.onabort = () => reject(new UploadError(0));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(uploadForm(fields, file));
  });
}
