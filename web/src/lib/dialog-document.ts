/**
 * What a modal dialog does to the document while it is open (the Modal component and the listing's
 * full-screen gallery): its keydown and focusin listeners see every key and focus move, and the page
 * behind does not scroll. Returns the undo, for the effect's cleanup.
 */
export function holdDocumentForDialog(listeners: {
  keydown: (event: KeyboardEvent) => void;
  focusin: (event: FocusEvent) => void;
}): () => void {
  document.addEventListener('keydown', listeners.keydown);
  document.addEventListener('focusin', listeners.focusin);
  const { overflow } = document.body.style;
  document.body.style.overflow = 'hidden';
  return () => {
    document.removeEventListener('keydown', listeners.keydown);
    document.removeEventListener('focusin', listeners.focusin);
    document.body.style.overflow = overflow;
  };
}
