/** Every view of the inspector, in matching order. */
import { jobsView, retryView } from './pages/jobs.js';
import { memoriesView, openView } from './pages/memories.js';
import { editView, forgetView, memoryView } from './pages/memory.js';
import { profilesView } from './pages/profiles.js';
import { recallView } from './pages/recall.js';
import { timelineView } from './pages/timeline.js';
import { markdownExportView, transferView } from './pages/transfer.js';
import type { ViewDef } from './view.js';

export const UI_VIEWS: ViewDef[] = [
  profilesView, openView, memoriesView, memoryView, forgetView, editView, recallView, timelineView, jobsView, retryView,
  transferView, markdownExportView,
];
