import { Modal, type ModalProps } from '@mantine/core';
import { useT } from '../i18n/i18n';

/**
 * Mantine's Modal, fit for assistive technology: its close (X) button, the first thing focused when
 * the dialog opens, is named ("Close" in the active language; it was a nameless button), and its
 * header is no landmark: Mantine renders it as a <header>, and the dialog's <section role="dialog">
 * does not scope it (a section with a role is no sectioning element for it), so it was a second
 * banner beside the page's (axe landmark-no-duplicate-banner).
 */
export function DialogModal(props: ModalProps) {
  const { t } = useT('common');
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('ui.close') }}
      attributes={{ header: { role: 'none' } }}
      {...props}
    />
  );
}
