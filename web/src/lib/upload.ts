/**
 * PUTs a file to a presigned storage URL with the headers the API asked for, reporting progress
 * (0…1). XMLHttpRequest, because fetch cannot report upload progress.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(readonly status: number) {
    super(status ? `The upload failed with status ${status}` : 'The upload failed');
  }
}

/** Headers a browser sets itself and refuses from scripts. */
const browserHeaders = new Set(['content-length', 'host', 'connection', 'expect']);

export function uploadHeaders(headers: Record<string, string> | undefined): [string, string][] {
  return Object.entries(headers ?? {}).filter(([name]) => !browserHeaders.has(name.toLowerCase()));
}

export function putFile(
  url: string,
  headers: Record<string, string> | undefined,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of uploadHeaders(headers)) request.setRequestHeader(name, value);
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
    request.send(file);
  });
}
