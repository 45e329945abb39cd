import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';

/** How long "Copied" stays beside the button. */
const COPIED_SHOWN_MS = 4000;

/**
 * Copies a secret (a key's token, a signing secret) to the clipboard and says so beside the
 * button, in a status line: inside a dialog a toast would be hidden from screen readers with
 * the rest of the page. When the browser refuses, the line says to copy it by hand.
 */
export function CopyButton({ text, label, what }: { text: string; label: string; what: string }) {
  const [result, setResult] = useState<'copied' | 'refused' | null>(null);
  useEffect(() => {
    if (result !== 'copied') return;
    const timer = setTimeout(() => setResult(null), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [result]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setResult('copied');
    } catch {
      setResult('refused');
    }
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={result === 'copied' ? <CheckIcon /> : <ContentCopyIcon />}
        onClick={() => void copy()}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
      <Typography
        role="status"
        variant="body2"
        sx={{ color: result === 'refused' ? 'warning.dark' : 'success.dark', fontWeight: 500 }}
      >
        {result === 'copied'
          ? `${what} copied`
          : result === 'refused'
            ? `Select the ${what.toLowerCase()} and copy it: the browser did not allow copying.`
            : ''}
      </Typography>
    </Box>
  );
}

/** A secret shown in full: monospace, wraps anywhere, selectable with one click. */
export const secretTextSx = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 14,
  overflowWrap: 'anywhere',
  wordBreak: 'break-all',
  userSelect: 'all',
  bgcolor: 'action.hover',
  borderRadius: 1,
  px: 1.5,
  py: 1,
} as const;
