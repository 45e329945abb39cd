import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/Logo';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

export interface LegalPageProps {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  /** The other legal page, linked at the bottom. */
  other: { to: string; label: string };
}

/** The frame of /terms and /privacy: readable by anyone, signed in or not. */
export function LegalPage({ title, intro, sections, other }: LegalPageProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ display: 'flex', alignItems: 'center', py: 1.5 }}>
          <Link
            component={RouterLink}
            to="/"
            aria-label="Cratebase home"
            sx={{ display: 'inline-flex', borderRadius: 2 }}
          >
            <Logo height={28} title="" />
          </Link>
        </Container>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, py: { xs: 3, sm: 6 } }}>
        <Container maxWidth="md">
          <Card>
            <CardContent sx={{ p: { xs: 2.5, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
              <Stack spacing={3}>
                <Typography variant="h4" component="h1">
                  {title}
                </Typography>
                <Typography variant="body1">{intro}</Typography>
                {sections.map((section) => (
                  <Box component="section" key={section.heading} aria-label={section.heading}>
                    <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                      {section.heading}
                    </Typography>
                    <Typography variant="body1" component="div" sx={{ '& p': { m: 0 }, '& p + p': { mt: 1.5 } }}>
                      {section.body}
                    </Typography>
                  </Box>
                ))}
                <Typography variant="body2" sx={{ pt: 1 }}>
                  See also the{' '}
                  <Link component={RouterLink} to={other.to}>
                    {other.label}
                  </Link>
                  .
                </Typography>
              </Stack>
            </CardContent>
          </Card>
        </Container>
      </Box>
    </Box>
  );
}
