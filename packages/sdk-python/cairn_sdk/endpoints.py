"""Every API operation this SDK calls, by method name, mirroring the TypeScript SDK's table
(packages/sdk/src/endpoints.ts). A test compares both with the server's OpenAPI document."""

ENDPOINTS = {
    "list_traces": ("GET", "/api/traces"),
    "create_trace": ("POST", "/api/traces"),
    "get_trace": ("GET", "/api/traces/{id}"),
    "update_trace": ("PATCH", "/api/traces/{id}"),
    "delete_trace": ("DELETE", "/api/traces/{id}"),
    "restore_trace": ("POST", "/api/traces/{id}/restore"),
    "similar_traces": ("GET", "/api/traces/{id}/similar"),
    "bulk_traces": ("POST", "/api/traces/bulk"),
    "search": ("POST", "/api/search"),
    "stats": ("GET", "/api/stats"),
    "list_tags": ("GET", "/api/tags"),
    "rename_tag": ("PATCH", "/api/tags/{tag}"),
    "merge_tags": ("POST", "/api/tags/merge"),
    "delete_tag": ("DELETE", "/api/tags/{tag}"),
    "export_account": ("GET", "/api/account/export"),
    "upload_import": ("POST", "/api/account/import/jobs"),
    "list_imports": ("GET", "/api/account/import/jobs"),
    "get_import": ("GET", "/api/account/import/jobs/{id}"),
    "import_items": ("GET", "/api/account/import/jobs/{id}/items"),
    "start_import": ("POST", "/api/account/import/jobs/{id}/start"),
    "cancel_import": ("POST", "/api/account/import/jobs/{id}/cancel"),
}
