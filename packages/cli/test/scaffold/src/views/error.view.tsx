import { ErrorScreen } from '@statechart/react/stockScreens';
import { strings } from '../../machines/strings';

export const View = () => <ErrorScreen words={strings.error} />;
