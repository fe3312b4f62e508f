import { ErrorScreen } from '@statechart/react';
import { strings } from '../../machines/strings';

export const View = () => <ErrorScreen words={strings.error} />;
