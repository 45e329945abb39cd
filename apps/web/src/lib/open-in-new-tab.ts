import { saveBlob } from './download';

/** How long the file's blob URL lives: the new tab has long loaded it by then. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * Opens a file fetched with the bearer token (a PDF, an image) in a new tab. The tab is opened at
 * once, inside the click (a window opened after an await is blocked as a pop-up), shows a line
 * while the file comes, then goes to the file's blob URL. When the browser blocked the tab anyway,
 * the file is saved instead. A failure closes the tab and is thrown to the caller.
 */
export async function openFileInNewTab(load: () => Promise<Blob>, filename: string, waitingText: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    try {
      tab.document.title = waitingText;
      tab.document.body.textContent = waitingText;
    } catch {
      // A browser that gives the blank tab another origin: it stays blank until the file comes.
    }
  }
  let blob: Blob;
  try {
    blob = await load();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab) {
    saveBlob(blob, filename);
    return;
  }
  // The user closed the tab while waiting: they no longer want it.
  if (tab.closed) return;
  const url = URL.createObjectURL(blob);
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
}
