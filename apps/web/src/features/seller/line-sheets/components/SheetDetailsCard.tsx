import { useEffect, useState, type FormEvent } from 'react';
import type { LineSheet } from '@cratebase/contract';
import { LINE_SHEET_LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useToast } from '../../../../components/Toast';
import { errorMessage } from '../../../../lib/api';
import { issuesByField } from '../../../../lib/field-issues';
import { usePriceLists, useUpdateLineSheet } from '../api';

/** Title, note, whose prices, and which products: saved together. */
export function SheetDetailsCard({
  orgId,
  sheet,
  onDelete,
}: {
  orgId: string;
  sheet: LineSheet;
  onDelete: () => void;
}) {
  const [title, setTitle] = useState(sheet.title);
  const [note, setNote] = useState(sheet.note ?? '');
  const [priceListId, setPriceListId] = useState(sheet.price_list?.id ?? '');
  const [all, setAll] = useState(sheet.all_products);
  const lists = usePriceLists(orgId);
  const update = useUpdateLineSheet(orgId, sheet.id);
  const toast = useToast();
  useEffect(() => {
    setTitle(sheet.title);
    setNote(sheet.note ?? '');
    setPriceListId(sheet.price_list?.id ?? '');
    setAll(sheet.all_products);
  }, [sheet.title, sheet.note, sheet.price_list?.id, sheet.all_products]);
  const issues = issuesByField(update.error, { title: 'title', note: 'note', price_list_id: 'price_list_id' });
  const changed =
    title !== sheet.title ||
    note !== (sheet.note ?? '') ||
    priceListId !== (sheet.price_list?.id ?? '') ||
    all !== sheet.all_products;

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { title: title.trim(), note: note.trim() || null, price_list_id: priceListId || null, all_products: all },
      { onSuccess: () => toast.show('Line sheet saved') },
    );
  }

  return (
    <Paper variant="outlined" component="section" aria-labelledby="sheet-details-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <form onSubmit={save} noValidate>
        <Stack spacing={2}>
          <Typography id="sheet-details-title" variant="h6" component="h2">
            Details
          </Typography>
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: LINE_SHEET_LIMITS.title } }}
            error={Boolean(issues.title)}
            helperText={issues.title}
          />
          <TextField
            label="Note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: LINE_SHEET_LIMITS.note } }}
            error={Boolean(issues.note)}
            helperText={
              issues.note ?? 'Printed on the cover and at the top of the page: the season, terms, how to order.'
            }
          />
          <TextField
            select
            label="Prices"
            value={priceListId}
            onChange={(e) => setPriceListId(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            error={Boolean(issues.price_list_id)}
            helperText={issues.price_list_id ?? 'The wholesale prices the sheet shows; retail prices are your MSRPs.'}
          >
            <MenuItem value="">Wholesale prices</MenuItem>
            {(lists.data ?? []).map((list) => (
              <MenuItem key={list.id} value={list.id}>
                {list.name}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup
            aria-label="Products"
            value={all ? 'all' : 'chosen'}
            onChange={(e) => setAll(e.target.value === 'all')}
          >
            <FormControlLabel value="chosen" control={<Radio />} label="Products I choose" />
            <FormControlLabel value="all" control={<Radio />} label="All live products (newest first)" />
          </RadioGroup>
          {update.isError && !issues.title && !issues.note && !issues.price_list_id && (
            <Alert severity="error">{errorMessage(update.error)}</Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Button variant="outlined" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete}>
              Delete
            </Button>
            <Button type="submit" variant="contained" disabled={!changed || !title.trim() || update.isPending}>
              Save details
            </Button>
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
