/** `/reset-password?email=&code=`: the reset e-mail's link fills both fields in; anything else is dropped. */
export function passwordResetSearch(raw: Record<string, unknown>): { email?: string; code?: string } {
  return {
    ...(typeof raw.email === 'string' && raw.email ? { email: raw.email.slice(0, 254) } : {}),
    ...(typeof raw.code === 'string' && raw.code ? { code: raw.code.slice(0, 64) } : {}),
  };
}
