//! The server's refusals (issue 17): every one is a JSON body `{"error": {"rule": ..., "reason": ...}}` with the
//! HTTP status that fits (a refused decision cites the rule behind it; a request the server cannot read says why).

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use coalition_engine::RuleError;
use serde::Serialize;

/// A refusal: the HTTP status, the rule it cites (for a refused decision) and the reason in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub rule: Option<String>,
    pub reason: String,
    /// The request's field a limit refused (`step_seconds`), absent otherwise.
    pub field: Option<String>,
}

/// The body of a refusal.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// What was refused and why.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    /// The clause behind a refused decision (`4.2.2.4`), absent for a request the server cannot read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    pub reason: String,
    /// The request's field past its limit (`docs/server.md` lists the limits).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, reason: impl Into<String>) -> ApiError {
        ApiError {
            status,
            rule: None,
            reason: reason.into(),
            field: None,
        }
    }
    /// A refusal under a rule, with `status`.
    pub fn rule(status: StatusCode, e: RuleError) -> ApiError {
        ApiError {
            status,
            rule: Some(e.rule),
            reason: e.reason,
            field: None,
        }
    }
    /// A refused decision: 409 when the power owes nothing now or has already decided (3.1, 3.2: the game is
    /// over or has moved on, another seat or server got there first), 403 when the seat does not control the
    /// power (14.2.1, 14.3), else 422.
    pub fn refused(e: RuleError) -> ApiError {
        let status = match e.rule.as_str() {
            "3.1" | "3.2" => StatusCode::CONFLICT,
            "14.2.1" | "14.3" => StatusCode::FORBIDDEN,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::rule(status, e)
    }
    pub fn bad_request(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, reason)
    }
    pub fn not_found(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, reason)
    }
    pub fn unauthorized(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, reason)
    }
    pub fn forbidden(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, reason)
    }
    pub fn conflict(reason: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, reason)
    }
    pub fn internal(e: impl std::fmt::Display) -> ApiError {
        tracing::error!("internal error: {e}");
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

impl From<coalition_store::StoreError> for ApiError {
    fn from(e: coalition_store::StoreError) -> ApiError {
        match e {
            coalition_store::StoreError::Conflict { .. } => ApiError::conflict(e.to_string()),
            e => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the store failed: {e}"),
            ),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                rule: self.rule,
                reason: self.reason,
                field: self.field,
            },
        };
        (self.status, Json(body)).into_response()
    }
}

/// A JSON body whose rejection (malformed JSON, a wrong field, a missing content type, a body over the limit) is
/// an [`ApiError`] like every other refusal.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(r) => Err(ApiError::new(r.status(), r.body_text())),
        }
    }
}

/// A query string whose rejection is an [`ApiError`].
pub struct Query<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequestParts<S>
    for Query<T>
{
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Query(v)),
            Err(r) => Err(ApiError::new(r.status(), r.body_text())),
        }
    }
}
