import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ProductFormValues } from '../../form';
import type { ProductFieldIssues } from '../../use-product-form';

/** A card of the product form: its title (h2), an optional line under it and an action on the right. */
export function ProductSection({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2.5 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ lineHeight: 1.4 }}>
            {title}
          </Typography>
          {description && <Typography variant="body2">{description}</Typography>}
        </Box>
        {action}
      </Stack>
      {children}
    </Card>
  );
}

export const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** A field's helper text: its problem when it has one, otherwise the hint (a space keeps the line). */
export const helpText = (issues: ProductFieldIssues, field: keyof ProductFormValues, hint: ReactNode = ' ') =>
  issues[field] ?? hint;
