import '@mantine/core/styles/Image.css';
import { IMAGE_LIMITS, type MerchantImageKind } from '@coin/contract';
import { Alert, Badge, Box, Button, Center, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { merchantImageSrc, useUploadMerchantImage } from '@/api/merchantProfile';
import { apiErrorText } from '@/components/apiErrorText';
import { useTranslation } from '@/i18n';
import {
  checkImageFile,
  checkImageSize,
  formatFileSize,
  IMAGE_ACCEPT,
  IMAGE_MAX_MEGABYTES,
  type ImageFileProblem,
  type ImageSizeProblem,
  tooLargeRefusal,
} from './imageFile';

/** How each kind is framed: the thumbnail as the square the server cuts, the main image whole. */
const FRAMES: Record<MerchantImageKind, { width: number | string; aspectRatio: string; fit: 'cover' | 'contain' }> = {
  thumbnail: { width: 200, aspectRatio: '1 / 1', fit: 'cover' },
  image: { width: '100%', aspectRatio: '16 / 9', fit: 'contain' },
};

type Problem =
  | { kind: 'file'; problem: ImageFileProblem; size: number }
  | { kind: 'dimensions'; problem: ImageSizeProblem; width: number; height: number }
  | { kind: 'unreadable' };

/**
 * One of the merchant's images: the current one, a chosen file's preview (checked for type, size and
 * dimensions in the browser first), and its upload. The server checks the bytes again and re-encodes.
 */
export function ImageUploadCard({
  merchantId,
  kind,
  currentPath,
}: {
  merchantId: number;
  kind: MerchantImageKind;
  currentPath: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const upload = useUploadMerchantImage(merchantId, kind);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [dimensions, setDimensions] = useState<{ width: number; height: number } | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const resetInput = useRef<() => void>(null);
  const limits = IMAGE_LIMITS[kind];
  const kindName = t(`merchantProfile.images.kinds.${kind}`);
  const frame = FRAMES[kind];

  // The preview's object URL lives as long as its file is chosen.
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreviewUrl(null);
    };
  }, [file]);

  const choose = (chosen: File | null) => {
    // The same file may be chosen again after a refusal.
    resetInput.current?.();
    if (!chosen) return;
    upload.reset();
    setDimensions(null);
    const fileProblem = checkImageFile(chosen);
    setProblem(fileProblem ? { kind: 'file', problem: fileProblem, size: chosen.size } : null);
    setFile(fileProblem ? null : chosen);
  };

  const discard = () => {
    setFile(null);
    setDimensions(null);
    setProblem(null);
    upload.reset();
  };

  const measured = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    setDimensions({ width, height });
    const sizeProblem = checkImageSize(kind, width, height);
    setProblem(sizeProblem ? { kind: 'dimensions', problem: sizeProblem, width, height } : null);
  };

  const send = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        discard();
        notifications.show({ color: 'teal', message: t('merchantProfile.images.uploaded', { kind: kindName }) });
      },
    });
  };

  const problemText = (found: Problem): string => {
    if (found.kind === 'unreadable') return t('merchantProfile.images.problems.unreadable');
    if (found.kind === 'file') {
      return t(`merchantProfile.images.problems.${found.problem}`, {
        size: formatFileSize(found.size),
        max: IMAGE_MAX_MEGABYTES,
      });
    }
    return t(`merchantProfile.images.problems.${found.problem}`, { ...found, ...limits });
  };

  const tooLarge = tooLargeRefusal(upload.error);
  let uploadError: string | null = null;
  if (tooLarge !== null) uploadError = tooLarge || t('merchantProfile.images.tooLarge', { max: IMAGE_MAX_MEGABYTES });
  else if (upload.isError) uploadError = apiErrorText(t, upload.error);
  const current = merchantImageSrc(currentPath);
  const shown = previewUrl ?? current;
  const ready = file !== null && dimensions !== null && problem === null;

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Stack gap={2}>
        <Title order={3} size="h5" id={titleId}>
          {kindName}
        </Title>
        <Text size="xs" c="dimmed">
          {t(`merchantProfile.images.hints.${kind}`, limits)}
        </Text>
      </Stack>
      <Stack gap={6}>
        <Badge variant={previewUrl ? 'filled' : 'light'} color={previewUrl ? 'orange' : 'gray'} radius="sm">
          {previewUrl
            ? t('merchantProfile.images.preview', { kind: kindName })
            : t('merchantProfile.images.current', { kind: kindName })}
        </Badge>
        <Box
          w={frame.width}
          maw="100%"
          bg="gray.1"
          style={{ aspectRatio: frame.aspectRatio, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        >
          {shown ? (
            <Image
              src={shown}
              alt={
                previewUrl
                  ? t('merchantProfile.images.preview', { kind: kindName })
                  : t('merchantProfile.images.current', { kind: kindName })
              }
              w="100%"
              h="100%"
              fit={frame.fit}
              radius="md"
              onLoad={previewUrl ? measured : undefined}
              onError={previewUrl ? () => setProblem({ kind: 'unreadable' }) : undefined}
            />
          ) : (
            <Center h="100%">
              <Text size="sm" c="dimmed">
                {t('merchantProfile.images.none')}
              </Text>
            </Center>
          )}
        </Box>
      </Stack>
      {file && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('merchantProfile.images.chosenFile', { name: file.name, size: formatFileSize(file.size) })}
          {dimensions && ` ・ ${t('merchantProfile.images.dimensions', dimensions)}`}
        </Text>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert" p="sm">
          <Text size="sm">{problemText(problem)}</Text>
        </Alert>
      )}
      {uploadError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          p="sm"
          title={t('merchantProfile.images.failed', { kind: kindName })}
        >
          <Text size="sm">{uploadError}</Text>
        </Alert>
      )}
      <Text size="xs" c="dimmed">
        {t(`merchantProfile.images.processing.${kind}`)}
      </Text>
      <Group gap="xs">
        <FileButton onChange={choose} accept={IMAGE_ACCEPT} resetRef={resetInput}>
          {(props) => (
            <Button
              {...props}
              variant={file ? 'default' : 'light'}
              disabled={upload.isPending}
              aria-label={t(file ? 'merchantProfile.images.chooseAnotherLabel' : 'merchantProfile.images.chooseLabel', {
                kind: kindName,
              })}
            >
              {t(file ? 'merchantProfile.images.chooseAnother' : 'merchantProfile.images.choose')}
            </Button>
          )}
        </FileButton>
        {file && (
          <>
            <Button
              onClick={send}
              loading={upload.isPending}
              disabled={!ready}
              aria-label={t('merchantProfile.images.uploadLabel', { kind: kindName })}
            >
              {t('merchantProfile.images.upload')}
            </Button>
            <Button variant="subtle" color="gray" onClick={discard} disabled={upload.isPending}>
              {t('merchantProfile.images.discard')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
