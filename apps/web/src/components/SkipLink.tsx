import Link from '@mui/material/Link';
import { MAIN_ID, skipLinkSx } from '../app/theme';

/**
 * "Skip to main content", the first thing Tab reaches in a shell: focuses the shell's
 * <main id={MAIN_ID} tabIndex={-1}> (the next Tab is the page's first control), without a
 * #main in the URL.
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      underline="none"
      sx={skipLinkSx}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to main content
    </Link>
  );
}
