import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { LineSheetProductGrid } from '../../../../components/line-sheets/LineSheetProductCard';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { NotFoundView } from '../../../../components/NotFound';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { useToast } from '../../../../components/Toast';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';
import { downloadLineSheetPdf, useDeleteLineSheet, useLineSheet } from '../api';
import { SheetDetailsCard } from './SheetDetailsCard';
import { SheetProductsCard } from './SheetProductsCard';
import { EmailDialog, ShareCard } from './ShareCard';
import { RequestsCard } from './RequestsCard';

/** /app/{org_id}/line-sheets/{id}: a line sheet's details, products, preview, PDF, e-mail, link and requests. */
export function LineSheetEditorPage() {
  useOrganizationPageTitle('Line sheet');
  const { orgId = '', lineSheetId = '' } = useParams();
  const sheet = useLineSheet(lineSheetId);
  const remove = useDeleteLineSheet(orgId);
  const navigate = useNavigate();
  const toast = useToast();
  const [emailing, setEmailing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (sheet.error instanceof ApiError && (sheet.error.status === 404 || sheet.error.status === 403)) {
    return <NotFoundView homeTo={`/app/${orgId}/line-sheets`} homeLabel="Go to Line sheets" />;
  }
  const data = sheet.data;

  async function download() {
    setDownloading(true);
    try {
      await downloadLineSheetPdf(lineSheetId);
    } catch (error) {
      toast.show(errorMessage(error), { severity: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack spacing={3}>
      <PageHeader
        title={data ? data.title : <Skeleton width={240} aria-label="Loading line sheet" />}
        subtitle={
          data &&
          `${data.products.length} ${data.products.length === 1 ? 'product' : 'products'} on the sheet · ${
            data.price_list ? `${data.price_list.name} prices` : 'wholesale prices'
          }`
        }
        back={{ to: `/app/${orgId}/line-sheets`, label: 'Line sheets' }}
        actions={
          data && (
            <>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                disabled={downloading}
                onClick={() => void download()}
              >
                {downloading ? 'Preparing PDF…' : 'Download PDF'}
              </Button>
              <Button variant="outlined" startIcon={<ForwardToInboxOutlinedIcon />} onClick={() => setEmailing(true)}>
                E-mail
              </Button>
            </>
          )
        }
      />
      {sheet.isError && !(sheet.error instanceof ApiError && sheet.error.status === 404) && (
        <QueryErrorAlert error={sheet.error} onRetry={() => void sheet.refetch()} />
      )}
      {sheet.isPending && <Skeleton variant="rounded" height={320} />}
      {data && (
        <MainAndSideColumns>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <SheetDetailsCard orgId={orgId} sheet={data} onDelete={() => setConfirmDelete(true)} />
            {!data.all_products && <SheetProductsCard orgId={orgId} sheet={data} />}
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="sheet-preview-title"
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Typography id="sheet-preview-title" variant="h6" component="h2" sx={{ mb: 2 }}>
                Preview
              </Typography>
              {data.products.length === 0 ? (
                <Typography variant="body2">The sheet lists no products yet: only Live products are listed.</Typography>
              ) : (
                <LineSheetProductGrid products={data.products} />
              )}
            </Paper>
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <ShareCard orgId={orgId} sheet={data} />
            <RequestsCard sheetId={data.id} />
          </Stack>
        </MainAndSideColumns>
      )}
      {data && <EmailDialog orgId={orgId} sheet={data} open={emailing} onClose={() => setEmailing(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this line sheet?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(lineSheetId, {
            onSuccess: () => {
              toast.show('Line sheet deleted');
              void navigate(`/app/${orgId}/line-sheets`);
            },
          })
        }
      >
        Its link stops working and its requests to order are removed. Your products are not changed.
      </ConfirmDialog>
    </Stack>
  );
}
