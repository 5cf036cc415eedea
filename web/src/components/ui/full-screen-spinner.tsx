import { Spinner } from '@blueprintjs/core';

export function FullScreenSpinner() {
  return (
    <div className="full-screen-center" data-testid="auth-loading">
      <Spinner size={56} />
    </div>
  );
}
