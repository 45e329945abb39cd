import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS } from '@cratebase/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MainAndSideColumns } from '../../../../components/MainAndSideColumns';
import { ImageUpload } from '../../../../components/ImageUpload';
import { imageCopyUrl } from '../../../../components/OrganizationLogo';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryErrorAlert } from '../../../../components/QueryErrorAlert';
import { ApiError, errorMessage } from '../../../../lib/api';
import { useOrganization, useUpdateOrganization } from '../../api';
import { useImageSet, useUpdateImageSet } from '../api';
import { useOrganizationPageTitle } from '../../../../lib/use-page-title';

/** A numbered item of the set-up page. */
function SetupItem({
  number,
  title,
  description,
  children,
}: {
  number: number;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = `setup-item-${number}`;
  return (
    <Card component="section" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', mb: 2.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            flexShrink: 0,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
          }}
        >
          {number}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ lineHeight: 1.4 }}>
            {title}
          </Typography>
          <Typography variant="body2">{description}</Typography>
        </Box>
      </Stack>
      <Box sx={{ pl: { sm: 6 } }}>{children}</Box>
    </Card>
  );
}

/** How the storefront banner will look with the current logo, cover and slogan. */
function StorefrontPreview(props: { name: string; slogan: string; logoUrl?: string | null; coverUrl?: string | null }) {
  const { name, slogan, logoUrl, coverUrl } = props;
  return (
    <Card aria-label="Storefront preview" component="aside" sx={{ overflow: 'hidden' }}>
      <Box
        sx={{
          aspectRatio: '3 / 1',
          bgcolor: '#ece8f8',
          backgroundImage: coverUrl ? `url("${coverUrl}")` : 'linear-gradient(135deg, #ece8f8 0%, #f8efe0 100%)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ px: 2.5, pb: 2.5 }}>
        <Box
          sx={{
            width: 64,
            height: 64,
            mt: -4,
            borderRadius: 2.5,
            border: 3,
            borderColor: 'background.paper',
            bgcolor: 'background.paper',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            boxShadow: '0 2px 8px rgba(47,45,58,0.12)',
          }}
        >
          {logoUrl ? (
            <Box component="img" src={logoUrl} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <StorefrontOutlinedIcon sx={{ color: 'primary.light' }} aria-hidden />
          )}
        </Box>
        <Typography variant="subtitle1" sx={{ color: 'text.primary', fontWeight: 700, mt: 1 }} noWrap>
          {name}
        </Typography>
        <Typography variant="body2" sx={{ fontStyle: slogan ? 'normal' : 'italic', wordBreak: 'break-word' }}>
          {slogan || 'Your slogan appears here.'}
        </Typography>
      </Box>
      <Typography variant="caption" component="p" sx={{ px: 2.5, py: 1.25, borderTop: 1, borderColor: 'divider' }}>
        Preview of your storefront banner as retailers see it.
      </Typography>
    </Card>
  );
}

/** /app/{org_id}/onboarding: brand logo, cover photo and slogan (spec "Store set-up"). */
export function OnboardingPage() {
  useOrganizationPageTitle('Store Set-up');
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const organization = useOrganization(orgId);
  const imageSet = useImageSet(orgId);
  const updateImages = useUpdateImageSet(orgId);
  const updateOrganization = useUpdateOrganization(orgId);
  const [slogan, setSlogan] = useState<string | null>(null);

  // The slogan field starts from the saved one once the organization has loaded.
  const savedSlogan = organization.data?.slogan ?? '';
  useEffect(() => {
    if (organization.data && slogan === null) setSlogan(organization.data.slogan ?? '');
  }, [organization.data, slogan]);
  const sloganText = slogan ?? savedSlogan;

  const sloganIssue =
    updateOrganization.error instanceof ApiError ? updateOrganization.error.issueFor('slogan') : undefined;

  function save(event: FormEvent) {
    event.preventDefault();
    if (updateOrganization.isPending) return;
    const trimmed = sloganText.trim();
    updateOrganization.mutate({ slogan: trimmed || null }, { onSuccess: () => navigate(`/app/${orgId}/welcome`) });
  }

  // Stored copies, not the uploads: the logo shows at most 160 px wide, the cover ~760 px.
  const logo = imageSet.data?.logo;
  const cover = imageSet.data?.splash_image;
  const logoUrl = logo ? imageCopyUrl(logo, 160) : undefined;
  const coverUrl = cover ? imageCopyUrl(cover, 760) : undefined;
  const loadError = organization.error ?? imageSet.error;

  return (
    <Box component="form" noValidate onSubmit={save}>
      <PageHeader
        title="Customize Your Store"
        subtitle="Your logo, cover photo and slogan make your storefront recognisable to retailers."
      />

      {loadError && (
        <QueryErrorAlert
          error={loadError}
          onRetry={() => {
            void organization.refetch();
            void imageSet.refetch();
          }}
          sx={{ mb: 3 }}
        />
      )}

      <MainAndSideColumns>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SetupItem
            number={1}
            title="Brand logo"
            description="Shown on your storefront, your invitations and in your customers' store list."
          >
            {imageSet.isPending ? (
              <Skeleton variant="rounded" width={168} height={168} />
            ) : (
              <ImageUpload
                orgId={orgId}
                purpose="logo"
                label="Upload brand logo"
                currentUrl={logoUrl}
                hint="A square image (the same width and height), at least 400×400 px. PNG, GIF or JPEG, up to 10 MB."
                onUploaded={(media) => updateImages.mutateAsync({ logo: { id: media.id } })}
                onRemove={() => updateImages.mutateAsync({ logo: null })}
              />
            )}
          </SetupItem>

          <SetupItem number={2} title="Cover photo" description="The wide banner across the top of your storefront.">
            {imageSet.isPending ? (
              <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '3 / 1', height: 'auto' }} />
            ) : (
              <ImageUpload
                orgId={orgId}
                purpose="splash"
                label="Upload cover photo"
                currentUrl={coverUrl}
                hint="A wide landscape photo, about 3 times wider than tall (for example 1800×600 px). PNG, GIF or JPEG, up to 10 MB."
                onUploaded={(media) => updateImages.mutateAsync({ splash_image: { id: media.id } })}
                onRemove={() => updateImages.mutateAsync({ splash_image: null })}
              />
            )}
          </SetupItem>

          <SetupItem number={3} title="Slogan" description="A line or two about what you make and sell.">
            {organization.isPending ? (
              <Skeleton variant="rounded" height={100} />
            ) : (
              <TextField
                label="Slogan"
                value={sloganText}
                onChange={(event) => setSlogan(event.target.value)}
                multiline
                minRows={2}
                maxRows={6}
                placeholder="Small-batch hot sauces, made in Austin since 2012."
                error={Boolean(sloganIssue)}
                helperText={
                  sloganIssue ? `Slogan ${sloganIssue}` : `${sloganText.length} / ${LIMITS.slogan} characters`
                }
                slotProps={{ htmlInput: { maxLength: LIMITS.slogan } }}
              />
            )}
          </SetupItem>

          {updateOrganization.error && (
            <Alert severity="error" role="alert">
              {errorMessage(updateOrganization.error)}
            </Alert>
          )}

          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`/app/${orgId}/welcome`} color="inherit">
              Back to checklist
            </Button>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={updateOrganization.isPending || organization.isPending}
              startIcon={
                updateOrganization.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
              }
              sx={{ minWidth: 120 }}
            >
              Save
            </Button>
          </Stack>
        </Stack>

        <Box sx={{ position: { lg: 'sticky' }, top: { lg: 24 }, display: { xs: 'none', sm: 'block' } }}>
          <StorefrontPreview
            name={organization.data?.name ?? ''}
            slogan={sloganText.trim()}
            logoUrl={logoUrl}
            coverUrl={coverUrl}
          />
        </Box>
      </MainAndSideColumns>
    </Box>
  );
}

export default OnboardingPage;
