import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MediaWithVariants } from '@cratebase/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { PRODUCT_IMAGE_SIZE, THUMBNAIL_SCROLL_STEP } from '../catalog-display';
import { SizedImage } from '../../../../components/SizedImage';

/** A thumbnail and the gap after it make one scroll step (spec section 9: 108 px). */
const THUMBNAIL_GAP = 8;
const THUMBNAIL_SIZE = THUMBNAIL_SCROLL_STEP - THUMBNAIL_GAP;
/** The up and down buttons beside the desktop scroller, each with its gap. */
const ARROW_SIZE = 32;
const SCROLLER_HEIGHT = PRODUCT_IMAGE_SIZE - 2 * (ARROW_SIZE + THUMBNAIL_GAP);

const desktopOnly = { display: { xs: 'none', md: 'inline-flex' } } as const;

/** Whether the thumbnails can scroll further up or down (desktop), from the scroller's layout. */
function useScrollEnds() {
  const scroller = useRef<HTMLDivElement>(null);
  const [ends, setEnds] = useState({ atStart: true, atEnd: true });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const atStart = element.scrollTop <= 0;
    const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
    setEnds((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);
  useLayoutEffect(measure, [measure]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  return { scroller, measure, ...ends };
}

/** The selected photo, or a placeholder when the product has none. */
function MainImage({ name, photo, alt }: { name: string; photo: MediaWithVariants | undefined; alt: string }) {
  if (!photo) {
    return (
      <Box
        role="img"
        aria-label={`No photo of ${name}`}
        data-testid="product-image-placeholder"
        sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', alignContent: 'center', gap: 1 }}
      >
        <ImageOutlinedIcon sx={{ color: 'primary.light', fontSize: 72 }} />
        <Typography variant="body2">No photo yet</Typography>
      </Box>
    );
  }
  // The page's largest picture (its LCP): fetched at once and first.
  return (
    <SizedImage
      image={{ ...photo, url: photo.cloudinary_url }}
      place="productMain"
      alt={alt}
      priority
      fit="contain"
      sx={{ position: 'absolute', inset: 0 }}
    />
  );
}

export interface ProductGalleryProps {
  /** The product's name: the photos' alternative text. */
  name: string;
  /** The photos in display order. */
  photos: MediaWithVariants[];
  /**
   * The photo to show (the chosen variant's, issue 24): selected whenever it changes; the buyer
   * can still pick another thumbnail.
   */
  selectedPhotoId?: string | null;
}

/**
 * The product page's photos (spec "Storefront"): the main image, 464 px square on desktop and
 * as wide as the screen on a phone, and the thumbnails that select it — a vertical scroller
 * with up and down buttons moving 108 px per click on desktop, a horizontal strip on phones.
 */
export function ProductGallery({ name, photos, selectedPhotoId = null }: ProductGalleryProps) {
  const indexOf = (id: string | null) => Math.max(0, id ? photos.findIndex((photo) => photo.id === id) : 0);
  const [selected, setSelected] = useState(() => indexOf(selectedPhotoId));
  // A new variant chosen: its photo is shown (state adjusted while rendering, not in an effect).
  const [followed, setFollowed] = useState(selectedPhotoId);
  if (followed !== selectedPhotoId) {
    setFollowed(selectedPhotoId);
    if (selectedPhotoId) setSelected(indexOf(selectedPhotoId));
  }
  const { scroller, measure, atStart, atEnd } = useScrollEnds();
  const current = photos[Math.min(selected, photos.length - 1)];

  const scrollBy = (step: number) => {
    const element = scroller.current;
    if (!element) return;
    if (typeof element.scrollBy === 'function') element.scrollBy({ top: step, behavior: 'smooth' });
    else element.scrollTop += step;
  };

  return (
    <Box
      sx={{
        display: 'flex',
        // The main image comes first for readers; on desktop the thumbnails stand to its left.
        flexDirection: { xs: 'column', md: 'row-reverse' },
        justifyContent: 'flex-end',
        gap: 2,
      }}
    >
      <Box
        sx={{
          position: 'relative',
          width: { xs: '100%', md: PRODUCT_IMAGE_SIZE },
          maxWidth: PRODUCT_IMAGE_SIZE,
          aspectRatio: '1 / 1',
          flexShrink: 0,
          borderRadius: 3,
          overflow: 'hidden',
          bgcolor: '#f3f1f9',
          border: 1,
          borderColor: 'divider',
          alignSelf: { xs: 'center', md: 'flex-start' },
        }}
      >
        <MainImage name={name} photo={current} alt={photos.length > 1 ? `${name}, photo ${selected + 1} of ${photos.length}` : name} />
      </Box>

      {photos.length > 1 && (
        <Box
          role="group"
          aria-label={`Photos of ${name}`}
          sx={{
            display: 'flex',
            flexDirection: { xs: 'row', md: 'column' },
            alignItems: 'center',
            gap: `${THUMBNAIL_GAP}px`,
            minWidth: 0,
            height: { md: PRODUCT_IMAGE_SIZE },
          }}
        >
          <IconButton
            aria-label="Scroll photos up"
            size="small"
            onClick={() => scrollBy(-THUMBNAIL_SCROLL_STEP)}
            disabled={atStart}
            sx={{ ...desktopOnly, width: ARROW_SIZE, height: ARROW_SIZE }}
          >
            <KeyboardArrowUpIcon />
          </IconButton>
          <Box
            ref={scroller}
            data-testid="thumbnail-scroller"
            onScroll={measure}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'row', md: 'column' },
              gap: `${THUMBNAIL_GAP}px`,
              width: { xs: '100%', md: THUMBNAIL_SIZE },
              height: { md: SCROLLER_HEIGHT },
              overflowX: { xs: 'auto', md: 'hidden' },
              overflowY: { xs: 'hidden', md: 'auto' },
              scrollbarWidth: { md: 'none' },
              scrollSnapType: { xs: 'x proximity', md: 'none' },
              py: { xs: 0.5, md: 0 },
              px: { xs: 0.25, md: 0 },
            }}
          >
            {photos.map((photo, index) => {
              const isSelected = index === selected;
              return (
                <ButtonBase
                  key={photo.id}
                  aria-label={`Show photo ${index + 1} of ${photos.length}`}
                  aria-pressed={isSelected}
                  onClick={() => setSelected(index)}
                  sx={{
                    flex: `0 0 ${THUMBNAIL_SIZE}px`,
                    width: THUMBNAIL_SIZE,
                    height: THUMBNAIL_SIZE,
                    borderRadius: 2,
                    overflow: 'hidden',
                    bgcolor: '#f3f1f9',
                    scrollSnapAlign: 'start',
                    outline: '2px solid',
                    outlineOffset: -2,
                    outlineColor: isSelected ? 'primary.main' : 'transparent',
                    opacity: isSelected ? 1 : 0.75,
                    transition: 'opacity 120ms',
                    '&:hover, &.Mui-focusVisible': { opacity: 1 },
                    '&.Mui-focusVisible': { outlineColor: 'primary.dark' },
                  }}
                >
                  <SizedImage image={{ ...photo, url: photo.cloudinary_url }} place="productThumb" alt="" />
                </ButtonBase>
              );
            })}
          </Box>
          <IconButton
            aria-label="Scroll photos down"
            size="small"
            onClick={() => scrollBy(THUMBNAIL_SCROLL_STEP)}
            disabled={atEnd}
            sx={{ ...desktopOnly, width: ARROW_SIZE, height: ARROW_SIZE }}
          >
            <KeyboardArrowDownIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
