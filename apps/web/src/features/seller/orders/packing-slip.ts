/** PDFs fetched with the bearer token open in a new tab (lib/open-in-new-tab.ts). */
export { openFileInNewTab as openPdfInNewTab } from '../../../lib/open-in-new-tab';
