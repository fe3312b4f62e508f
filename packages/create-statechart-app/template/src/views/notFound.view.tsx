import { NotFoundScreen } from '@statechart/react';
import { strings } from '../../machines/strings';

export const View = () => <NotFoundScreen words={strings.notFound} />;
