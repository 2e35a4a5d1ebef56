import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@waymark/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import type { ActiveTab } from '../../../messaging/index';
import { OfflineNote } from '../../shared/data/offline-note';
import { queryKeys } from '../../shared/data/query-keys';
import classes from '../../shared/plain-layout.module.css';
import { useReportChange } from '../../shared/data/use-report-change';
import { ErrorAlert } from '../../shared/error-alert';
import { useShortcuts } from '../../shared/keyboard/use-shortcuts';
import { useIsOrgWritable } from '../../../ui/index';
import { useItem } from '../../shared/data/use-item';
import { ItemDetail, ItemForm, ItemsSection, usePagePins } from '../../features/items/index';
import { NoProjectCard } from '../../features/projects/index';
import { CanonicalOffer, DeclareTemplate } from '../../features/url-rules/index';
import { onItemRequested, takeItemToOpen } from '../../shared/item-link';
import { preloadViews } from './lazy-views';
import { ProjectHeading } from './project-heading';
import { useReportCurrentProject } from '../current-project';
import { SiteAccessNotice } from './site-access-notice';
import { usePageItems } from './use-page-items';

/** How long after the list mounts the other views' code starts loading. */
const VIEWS_PRELOAD_DELAY_MS = 300;

function ViewLoader() {
  return <Loader size="sm" aria-label="Loading" />;
}

type View =
  | { kind: 'list'; focusItemId?: number }
  | { kind: 'item'; itemId: number }
  | { kind: 'create' }
  | { kind: 'edit'; itemId: number };

/** Everything about one web page: its project and path, its items, and what to do next. */
export function PagePanel({
  tab,
  pageUrl,
  orgId,
  isAdmin,
}: {
  /** The tab shown (its pins are drawn there; its badge is the worker's, from the page's lookups). */
  tab: ActiveTab;
  pageUrl: string;
  orgId: number;
  isAdmin: boolean;
}) {
  const queryClient = useQueryClient();
  const reportChange = useReportChange();
  const [projectId, setProjectId] = useState<number | null>(null);
  // A mail link's `#waymark-item=` or the inbox's request opens that item first (issue 27).
  const [view, setView] = useState<View>(() => {
    const itemId = takeItemToOpen(tab.tabId, pageUrl);
    return itemId === null ? { kind: 'list' } : { kind: 'item', itemId };
  });
  const page = usePageItems(pageUrl, orgId, projectId);
  const isWritable = useIsOrgWritable();
  useReportCurrentProject(page.data?.projectId ?? null);
  const openItem = useCallback((itemId: number) => setView({ kind: 'item', itemId }), []);
  useEffect(() => onItemRequested(pageUrl, openItem), [pageUrl, openItem]);
  const pins = usePagePins({
    tabId: tab.tabId,
    pageUrl,
    page: page.data,
    onMarkerClick: openItem,
  });
  const backToList = () =>
    setView((current) => ({
      kind: 'list',
      focusItemId: 'itemId' in current ? current.itemId : undefined,
    }));
  useShortcuts({
    Escape: backToList,
    n: () => {
      if (page.data?.projectId && isWritable) setView({ kind: 'create' });
    },
  });
  useEffect(() => {
    // After the list's first paint: the views it opens load in the background.
    const timer = setTimeout(preloadViews, VIEWS_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // The worker owns "data changed": one report, one refetch, the badge, every open page.
  const changed = (itemIds?: number[]) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.projects() });
    reportChange(itemIds);
  };

  if (page.isPending) return <Loader size="sm" aria-label="Loading the items of this page" />;
  if (page.isError) return <ErrorAlert error={page.error} title="Cannot load this page's items" />;
  const data = page.data;
  if (data.projectId === null || data.relativePath === null) {
    return (
      <Suspense fallback={<ViewLoader />}>
        <NoProjectCard
          orgId={orgId}
          pageUrl={pageUrl}
          isAdmin={isAdmin && isWritable}
          onChanged={changed}
        />
      </Suspense>
    );
  }
  const current = { projectId: data.projectId, relativePath: data.relativePath };
  return (
    <div className={classes.stack}>
      <OfflineNote page={{ pageUrl, orgId, projectId }} />
      <ProjectHeading
        projects={data.projects}
        projectId={current.projectId}
        relativePath={current.relativePath}
        template={data.template ?? null}
        onSelect={(id) => {
          setProjectId(id);
          setView({ kind: 'list' });
        }}
      />
      {view.kind === 'list' && !data.template && isWritable && (
        <Suspense fallback={null}>
          <CanonicalOffer
            tabId={tab.tabId}
            pageUrl={pageUrl}
            orgId={orgId}
            projectId={current.projectId}
            pageKey={data.pageKey ?? current.relativePath}
            onAccepted={() => changed()}
          />
        </Suspense>
      )}
      {view.kind === 'list' && !data.template && isWritable && (
        <Suspense fallback={null}>
          <DeclareTemplate
            projectId={current.projectId}
            relativePath={current.relativePath}
            onSaved={() => changed()}
          />
        </Suspense>
      )}
      <SiteAccessNotice pageUrl={pageUrl} />
      {view.kind === 'list' && (
        <ItemsSection
          orgId={orgId}
          projectId={current.projectId}
          items={data.items}
          pins={pins}
          onOpen={(itemId) => setView({ kind: 'item', itemId })}
          onCreate={() => setView({ kind: 'create' })}
          onChanged={changed}
          focusItemId={view.focusItemId}
        />
      )}
      <Suspense fallback={<ViewLoader />}>
        {view.kind === 'item' && (
          <ItemDetail
            key={view.itemId}
            itemId={view.itemId}
            planFeatures={data.planFeatures}
            pins={pins}
            access={{ orgId, isAdmin }}
            onBack={backToList}
            onEdit={() => setView({ kind: 'edit', itemId: view.itemId })}
            onOpen={(itemId) => setView({ kind: 'item', itemId })}
            onDeleted={() => {
              changed([view.itemId]);
              setView({ kind: 'list' });
            }}
          />
        )}
        {view.kind === 'create' && isWritable && (
          <ItemForm
            orgId={orgId}
            {...current}
            item={null}
            planFeatures={data.planFeatures}
            onCancel={() => setView({ kind: 'list' })}
            onSaved={(item) => {
              changed([item.itemId]);
              queryClient.setQueryData(queryKeys.item(item.itemId), item);
              setView({ kind: 'item', itemId: item.itemId });
            }}
          />
        )}
        {view.kind === 'edit' && isWritable && (
          <EditItem
            orgId={orgId}
            {...current}
            itemId={view.itemId}
            planFeatures={data.planFeatures}
            onDone={(itemId) => {
              changed([itemId]);
              setView({ kind: 'item', itemId });
            }}
          />
        )}
      </Suspense>
    </div>
  );
}

function EditItem({
  orgId,
  projectId,
  relativePath,
  itemId,
  planFeatures,
  onDone,
}: {
  orgId: number;
  projectId: number;
  relativePath: string;
  itemId: number;
  planFeatures: readonly Feature[];
  onDone: (itemId: number) => void;
}) {
  const item = useItem(itemId);
  if (item.isPending) return <Loader size="sm" aria-label="Loading the item" />;
  if (item.isError) return <ErrorAlert error={item.error} title="Cannot open this item" />;
  return (
    <ItemForm
      orgId={orgId}
      projectId={projectId}
      relativePath={relativePath}
      item={item.data}
      planFeatures={planFeatures}
      onCancel={() => onDone(itemId)}
      onSaved={() => onDone(itemId)}
    />
  );
}

/** Why a tab that is not a web page has no items. */
export function NotAWebPage() {
  return (
    <p className={classes.note}>
      Waymark records items against web pages (http or https addresses). Open a page of your site to
      see its items.
    </p>
  );
}
