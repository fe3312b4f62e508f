import { NotFoundScreen } from '@statechart/react/stockScreens';
import { strings } from '../../machines/strings';

export const View = () => <NotFoundScreen words={strings.notFound} />;
