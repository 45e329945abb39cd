import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ComingSoonProps {
  /** The section's title, shown as the page heading. */
  title: string;
  icon?: ReactNode;
  /** One sentence on what the section will do. */
  purpose?: string;
}

/**
 * A section that exists in the navigation but is delivered in a later release. It says so
 * plainly instead of showing invented data.
 */
export function ComingSoon({ title, icon, purpose }: ComingSoonProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
            {icon && (
              <Box
                aria-hidden
                sx={{
                  width: 56,
                  height: 56,
                  flexShrink: 0,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgba(110, 86, 207, 0.1)',
                  color: 'primary.main',
                  '& svg': { fontSize: 28 },
                }}
              >
                {icon}
              </Box>
            )}
            <Box>
              <Typography variant="subtitle1" component="p" sx={{ color: 'text.primary' }}>
                {title} is coming in a later release of Cratebase.
              </Typography>
              {purpose && (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {purpose}
                </Typography>
              )}
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
