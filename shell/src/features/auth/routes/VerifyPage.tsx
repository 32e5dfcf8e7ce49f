import {
  ApiError,
  paths,
  safeRedirectPath,
  type TVerifyMagicLinkResponse,
  useDocumentTitle,
  useT,
  wordError,
  wordErrorDetail,
} from '@dash/shared';
import { Alert, Anchor, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { verifyMagicLink } from '../api/verify-magic-link';

/** A token is single use: one verification per token per page, even under StrictMode's double effects. */
const verifications = new Map<string, Promise<TVerifyMagicLinkResponse>>();

function verifyOnce(token: string): Promise<TVerifyMagicLinkResponse> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyMagicLink(token);
    verifications.set(token, pending);
  }
  return pending;
}

/**
 * The server refused the link itself (used, expired or malformed: a JSON 410 or 400). Asking for a
 * new link is the way on; the catalogue's "try again later" is for an answer that is not JSON (spec
 * section 8) or a server that could not be reached.
 */
const isUnusableLink = (error: Error): error is ApiError =>
  error instanceof ApiError && (error.code === 'GONE' || error.code === 'VALIDATION');

export function VerifyPage() {
  const { t } = useT('shell');
  useDocumentTitle(t('titles.signIn'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ApiError | Error | null>(null);

  useEffect(() => {
    let active = true;
    verifyOnce(token)
      .then(async (answer) => {
        // After any verify attempt the cached session is reset and routes load again (spec section 4).
        await queryClient.resetQueries();
        if (active) navigate(safeRedirectPath(answer.redirect) ?? paths.home(), { replace: true });
      })
      .catch(async (error: unknown) => {
        await queryClient.resetQueries();
        if (active) setFailure(error instanceof Error ? error : new Error(String(error)));
      });
    return () => {
      active = false;
    };
  }, [token, navigate, queryClient]);

  return (
    <Center component="main" mih="100vh" p="md">
      <Paper withBorder p="xl" radius="lg" w="100%" maw={420}>
        {failure ? (
          <Stack gap="sm">
            {/* The failure is what this page is about: its title is the page's heading. */}
            <Alert
              color="red"
              title={
                <Text component="h1" inherit>
                  {isUnusableLink(failure) ? t('auth.verify.cannotUse') : wordError(failure)}
                </Text>
              }
              role="alert"
            >
              {wordErrorDetail(failure) ?? t('auth.verify.couldNotUse')}
            </Alert>
            <Anchor component={Link} to={paths.auth.signIn()}>
              {t('auth.verify.requestNew')}
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center" gap="sm">
            <Loader />
            <Text>{t('auth.verify.signingIn')}</Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
