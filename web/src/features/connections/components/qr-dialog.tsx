import { Button, Callout, Dialog, DialogBody, NonIdealState, Spinner } from '@blueprintjs/core';
import type { ConnectionView } from '@zelo/contracts/connections/read-models';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { toastError } from '../../../lib/toaster.ts';
import { simulateScan } from '../api/connections.ts';

export const SIMULATOR_QR_PREFIX = 'zelo-simulator:';

interface Props {
  /** The live connection (from the socket-fed list); undefined once deleted. */
  connection: ConnectionView | undefined;
  onClose: () => void;
}

/** Doc 1 §2: the QR updates live, is 256 px, and the dialog closes when the QR becomes empty (paired). */
export function QrDialog({ connection, onClose }: Props) {
  const t = useT();
  const [scanning, setScanning] = useState(false);
  const qrcode = connection?.qrcode ?? '';
  useEffect(() => {
    if (!qrcode) onClose();
  }, [qrcode, onClose]);

  const simulated = qrcode.startsWith(SIMULATOR_QR_PREFIX);
  const scan = async () => {
    if (!connection) return;
    setScanning(true);
    try {
      await simulateScan(connection.id);
    } catch (err) {
      toastError(err);
    } finally {
      setScanning(false);
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('connections.qrTitle', { name: connection?.name ?? '' })}
      icon="grid-view"
    >
      <DialogBody>
        <p>{t('connections.qrInstructions')}</p>
        <div className="connections-qr" data-testid="connection-qr">
          {qrcode ? (
            <QRCodeSVG value={qrcode} size={256} marginSize={2} data-testid="connection-qr-code" />
          ) : (
            <NonIdealState icon={<Spinner />} title={t('connections.qrWaiting')} />
          )}
        </div>
        {simulated && (
          <Callout intent="primary" icon="mobile-phone" data-testid="connection-qr-simulator">
            <p>{t('connections.qrSimulatorHint')}</p>
            <Button
              intent="primary"
              icon="camera"
              text={t('connections.qrSimulatorScan')}
              loading={scanning}
              onClick={scan}
              data-testid="connection-qr-scan"
            />{' '}
            <a href="/simulator" target="_blank" rel="noreferrer">
              {t('connections.qrSimulatorOpen')}
            </a>
          </Callout>
        )}
      </DialogBody>
    </Dialog>
  );
}
