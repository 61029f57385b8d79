import { useRouter } from '@tanstack/react-router';

/** A failed load, announced, with a button that loads the page's data again. */
export function RetryNotice({ message, tone = 'error' }: { message: string; tone?: 'error' | 'neutral' }) {
  const router = useRouter();
  return (
    <div className={tone === 'error' ? 'notice notice-error' : 'notice'} role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={() => router.invalidate()}>
        Try again
      </button>
    </div>
  );
}
