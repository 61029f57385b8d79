/** `/preview?assetPath=content/pages/<id>.json[&version=<id>]` (§2 PreviewResolverPage). */
export function previewSearch(raw: Record<string, unknown>): { assetPath?: string; version?: string } {
  return {
    ...(typeof raw.assetPath === 'string' && raw.assetPath ? { assetPath: raw.assetPath.slice(0, 200) } : {}),
    ...(typeof raw.version === 'string' && /^[a-z0-9-]{1,64}$/.test(raw.version)
      ? { version: raw.version }
      : {}),
  };
}
