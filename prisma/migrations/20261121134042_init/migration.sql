-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('ADMIN', 'REVIEWER', 'EXPERT');

-- CreateEnum
CREATE TYPE "QueryCategory" AS ENUM ('CLINICAL_CARE', 'WELLNESS_HEALTH', 'PROFESSIONAL_INQUIRY');

-- CreateEnum
CREATE TYPE "Tier" AS ENUM ('ESSENTIAL', 'IMPORTANT', 'HIGHLIGHT', 'PITFALL');

-- CreateEnum
CREATE TYPE "CriterionStatus" AS ENUM ('PENDING', 'IN_AUDIT', 'VERIFIED', 'REVISED', 'REJECTED');

-- CreateEnum
CREATE TYPE "CriterionOrigin" AS ENUM ('IMPORTED', 'GENERATED', 'REVISION', 'EXPERT_PROPOSAL');

-- CreateEnum
CREATE TYPE "MetaRubricVersionStatus" AS ENUM ('DRAFT', 'ACTIVE', 'RETIRED');

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('OPEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "AssignmentState" AS ENUM ('RESERVED', 'SUBMITTED', 'EXPIRED', 'RELEASED');

-- CreateEnum
CREATE TYPE "Decision" AS ENUM ('ACCEPT', 'REVISE_MINOR', 'REVISE_MAJOR', 'REJECT');

-- CreateEnum
CREATE TYPE "ErrorDimension" AS ENUM ('CORRECTNESS', 'COMPREHENSIVENESS', 'RELEVANCE', 'WEIGHT');

-- CreateEnum
CREATE TYPE "WeightDirection" AS ENUM ('OVER', 'UNDER', 'REDUNDANT');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL');

-- CreateEnum
CREATE TYPE "ProposalDecision" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED');

-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "JudgeRunKind" AS ENUM ('GENERATE', 'GRADE', 'PAIRWISE');

-- CreateEnum
CREATE TYPE "JudgeErrorClass" AS ENUM ('RATE_LIMITED', 'SERVER_ERROR', 'TIMEOUT', 'NETWORK', 'INVALID_OUTPUT', 'BAD_REQUEST', 'AUTH', 'CANCELLED');

-- CreateEnum
CREATE TYPE "PairChoice" AS ENUM ('A', 'B', 'TIE');

-- CreateEnum
CREATE TYPE "PresentedOrder" AS ENUM ('AB', 'BA');

-- CreateEnum
CREATE TYPE "PairwiseWeightClass" AS ENUM ('CORE', 'IMPORTANT', 'HIGHLIGHT');

-- CreateEnum
CREATE TYPE "ReviewState" AS ENUM ('RESERVED', 'PREFERENCE_GIVEN', 'SUBMITTED', 'EXPIRED');

-- CreateEnum
CREATE TYPE "ReviewerMark" AS ENUM ('AGREE', 'DISAGREE', 'NOT_RELEVANT');

-- CreateEnum
CREATE TYPE "ProposalStatus" AS ENUM ('OPEN', 'CHANGES_REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN');

-- CreateEnum
CREATE TYPE "ProposalEventKind" AS ENUM ('COMMENT', 'REQUEST_CHANGES', 'APPROVE', 'REJECT', 'REVISE');

-- CreateEnum
CREATE TYPE "ReleaseStatus" AS ENUM ('DRAFT', 'FREEZING', 'FROZEN', 'FAILED');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" "Role" NOT NULL DEFAULT 'EXPERT',
    "specialties" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMP(3),
    "refresh_token_expires_at" TIMESTAMP(3),
    "scope" TEXT,
    "password" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verifications" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "last_request" BIGINT NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "datasets" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "datasets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "queries" (
    "id" SERIAL NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "category" "QueryCategory" NOT NULL,
    "department" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "conversation" JSONB NOT NULL,
    "turn_count" INTEGER NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "metadata" JSONB,
    "content_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "queries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "responses" (
    "id" SERIAL NOT NULL,
    "query_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "source_label" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "is_ideal" BOOLEAN NOT NULL DEFAULT false,
    "content_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "criteria" (
    "id" SERIAL NOT NULL,
    "dataset_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "levels" JSONB NOT NULL DEFAULT '[]',
    "tier" "Tier" NOT NULL,
    "points" DOUBLE PRECISION NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "red_line" BOOLEAN NOT NULL DEFAULT false,
    "evidence" JSONB NOT NULL DEFAULT '[]',
    "status" "CriterionStatus" NOT NULL DEFAULT 'PENDING',
    "parent_id" INTEGER,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "content_hash" TEXT NOT NULL,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "criterion_provenance" (
    "criterion_id" INTEGER NOT NULL,
    "origin" "CriterionOrigin" NOT NULL,
    "generator_models" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "consensus_votes" JSONB,
    "meta_rubric_version_id" INTEGER,
    "judge_run_id" INTEGER,
    "import_job_id" INTEGER,
    "source_format" TEXT,
    "source_raw" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "criterion_provenance_pkey" PRIMARY KEY ("criterion_id")
);

-- CreateTable
CREATE TABLE "meta_rubrics" (
    "id" SERIAL NOT NULL,
    "domain" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meta_rubrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meta_rubric_versions" (
    "id" SERIAL NOT NULL,
    "meta_rubric_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "status" "MetaRubricVersionStatus" NOT NULL DEFAULT 'DRAFT',
    "principles" JSONB NOT NULL,
    "generation_rules" JSONB NOT NULL,
    "parent_version_id" INTEGER,
    "author_id" TEXT,
    "change_note" TEXT,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "activated_at" TIMESTAMP(3),
    "retired_at" TIMESTAMP(3),

    CONSTRAINT "meta_rubric_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "meta_rubric_proposals" (
    "id" SERIAL NOT NULL,
    "meta_rubric_id" INTEGER NOT NULL,
    "base_version_id" INTEGER NOT NULL,
    "author_id" TEXT NOT NULL,
    "status" "ProposalStatus" NOT NULL DEFAULT 'OPEN',
    "title" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "decided_by_id" TEXT,
    "decided_at" TIMESTAMP(3),
    "resulting_version_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "meta_rubric_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_evidence" (
    "id" SERIAL NOT NULL,
    "proposal_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "verdict_id" INTEGER,
    "note" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "proposal_events" (
    "id" SERIAL NOT NULL,
    "proposal_id" INTEGER NOT NULL,
    "author_id" TEXT NOT NULL,
    "kind" "ProposalEventKind" NOT NULL,
    "body" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proposal_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_campaigns" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "CampaignStatus" NOT NULL DEFAULT 'OPEN',
    "overlap_k" INTEGER NOT NULL DEFAULT 3,
    "dimensions" "ErrorDimension"[] DEFAULT ARRAY['CORRECTNESS', 'COMPREHENSIVENESS', 'RELEVANCE', 'WEIGHT']::"ErrorDimension"[],
    "match_specialty" BOOLEAN NOT NULL DEFAULT false,
    "deadline" TIMESTAMP(3),
    "reservation_minutes" INTEGER NOT NULL DEFAULT 30,
    "fast_threshold_seconds" INTEGER NOT NULL DEFAULT 4,
    "selection" JSONB NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),

    CONSTRAINT "audit_campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_experts" (
    "campaign_id" INTEGER NOT NULL,
    "user_id" TEXT NOT NULL,
    "added_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_experts_pkey" PRIMARY KEY ("campaign_id","user_id")
);

-- CreateTable
CREATE TABLE "campaign_queries" (
    "campaign_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "overlap_k" INTEGER NOT NULL,
    "holders" INTEGER NOT NULL DEFAULT 0,
    "submitted_count" INTEGER NOT NULL DEFAULT 0,
    "sort_key" INTEGER NOT NULL,
    "department" TEXT,

    CONSTRAINT "campaign_queries_pkey" PRIMARY KEY ("campaign_id","query_id")
);

-- CreateTable
CREATE TABLE "campaign_criteria" (
    "campaign_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,

    CONSTRAINT "campaign_criteria_pkey" PRIMARY KEY ("campaign_id","criterion_id")
);

-- CreateTable
CREATE TABLE "assignments" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "query_id" INTEGER NOT NULL,
    "state" "AssignmentState" NOT NULL DEFAULT 'RESERVED',
    "reserved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "submitted_at" TIMESTAMP(3),
    "last_activity_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "criterion_order" INTEGER[],
    "cursor" INTEGER NOT NULL DEFAULT 0,
    "comprehensiveness" INTEGER,
    "comprehensiveness_comment" TEXT,
    "seconds_spent" INTEGER NOT NULL DEFAULT 0,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verdicts" (
    "id" SERIAL NOT NULL,
    "assignment_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "decision" "Decision",
    "dimensions" "ErrorDimension"[] DEFAULT ARRAY[]::"ErrorDimension"[],
    "weight_direction" "WeightDirection",
    "severity" "Severity",
    "comment" TEXT,
    "proposed_revision" JSONB,
    "seconds_spent" INTEGER NOT NULL DEFAULT 0,
    "flagged_fast" BOOLEAN NOT NULL DEFAULT false,
    "submitted_at" TIMESTAMP(3),
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "verdicts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "missing_criterion_proposals" (
    "id" SERIAL NOT NULL,
    "assignment_id" INTEGER NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "expert_id" TEXT NOT NULL,
    "query_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "levels" JSONB NOT NULL DEFAULT '[]',
    "tier" "Tier" NOT NULL,
    "points" DOUBLE PRECISION NOT NULL,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "red_line" BOOLEAN NOT NULL DEFAULT false,
    "rationale" TEXT,
    "decision" "ProposalDecision" NOT NULL DEFAULT 'PENDING',
    "resulting_criterion_id" INTEGER,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "missing_criterion_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "adjudications" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "gold_decision" "Decision" NOT NULL,
    "gold_text" JSONB,
    "rationale" TEXT NOT NULL,
    "resulting_criterion_id" INTEGER,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "adjudications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_endpoints" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "base_url" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "api_key_env" TEXT,
    "temperature" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "max_concurrency" INTEGER NOT NULL DEFAULT 4,
    "requests_per_minute" INTEGER,
    "timeout_seconds" INTEGER NOT NULL DEFAULT 60,
    "price_prompt_per_million" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "price_completion_per_million" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_runs" (
    "id" SERIAL NOT NULL,
    "kind" "JudgeRunKind" NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "params" JSONB NOT NULL,
    "scope" JSONB NOT NULL,
    "meta_rubric_version_id" INTEGER,
    "prompt_template" TEXT NOT NULL,
    "prompt_version" TEXT NOT NULL,
    "total_tasks" INTEGER NOT NULL DEFAULT 0,
    "succeeded_tasks" INTEGER NOT NULL DEFAULT 0,
    "failed_tasks" INTEGER NOT NULL DEFAULT 0,
    "cached_tasks" INTEGER NOT NULL DEFAULT 0,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "cancel_requested" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "judge_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_run_endpoints" (
    "run_id" INTEGER NOT NULL,
    "endpoint_id" INTEGER NOT NULL,

    CONSTRAINT "judge_run_endpoints_pkey" PRIMARY KEY ("run_id","endpoint_id")
);

-- CreateTable
CREATE TABLE "judge_tasks" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "payload" JSONB NOT NULL,
    "endpoint_id" INTEGER,
    "call_id" INTEGER,
    "cached" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error_class" "JudgeErrorClass",
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "judge_tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judge_calls" (
    "id" SERIAL NOT NULL,
    "request_hash" TEXT NOT NULL,
    "endpoint_id" INTEGER,
    "model" TEXT NOT NULL,
    "prompt_template" TEXT NOT NULL,
    "prompt_version" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "raw_output" TEXT,
    "parsed" JSONB,
    "status" "JobStatus" NOT NULL,
    "error_class" "JudgeErrorClass",
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "latency_ms" INTEGER NOT NULL DEFAULT 0,
    "cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "grades" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER NOT NULL,
    "response_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "judge_call_id" INTEGER,
    "met" BOOLEAN,
    "level" TEXT,
    "points_awarded" DOUBLE PRECISION NOT NULL,
    "explanation" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "grades_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairwise_comparisons" (
    "id" SERIAL NOT NULL,
    "run_id" INTEGER,
    "query_id" INTEGER NOT NULL,
    "response_a_id" INTEGER NOT NULL,
    "response_b_id" INTEGER NOT NULL,
    "presented_order" "PresentedOrder" NOT NULL,
    "meta_rubric_version_id" INTEGER,
    "judge_call_id" INTEGER,
    "aggregate_score" DOUBLE PRECISION,
    "winner" "PairChoice",
    "vetoed" BOOLEAN NOT NULL DEFAULT false,
    "veto_reason" TEXT,
    "twin_id" INTEGER,
    "position_consistent" BOOLEAN,
    "review_overlap" INTEGER NOT NULL DEFAULT 2,
    "review_holders" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pairwise_comparisons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pairwise_criteria" (
    "id" SERIAL NOT NULL,
    "comparison_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "weight_class" "PairwiseWeightClass" NOT NULL,
    "hard_flaw" BOOLEAN NOT NULL DEFAULT false,
    "choice" "PairChoice" NOT NULL,
    "score" INTEGER NOT NULL,
    "evidence" TEXT NOT NULL,

    CONSTRAINT "pairwise_criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviewer_judgments" (
    "id" SERIAL NOT NULL,
    "comparison_id" INTEGER NOT NULL,
    "reviewer_id" TEXT NOT NULL,
    "display_order" "PresentedOrder" NOT NULL,
    "state" "ReviewState" NOT NULL DEFAULT 'RESERVED',
    "preference" INTEGER,
    "key_differences" JSONB,
    "verdict_correct" BOOLEAN,
    "comment" TEXT,
    "reserved_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "preference_at" TIMESTAMP(3),
    "submitted_at" TIMESTAMP(3),
    "seconds_spent" INTEGER NOT NULL DEFAULT 0,
    "row_version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reviewer_judgments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reviewer_criterion_marks" (
    "id" SERIAL NOT NULL,
    "judgment_id" INTEGER NOT NULL,
    "pairwise_criterion_id" INTEGER NOT NULL,
    "mark" "ReviewerMark" NOT NULL,

    CONSTRAINT "reviewer_criterion_marks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "releases" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "description" TEXT,
    "rules" JSONB NOT NULL,
    "status" "ReleaseStatus" NOT NULL DEFAULT 'DRAFT',
    "manifest" JSONB,
    "checksums" JSONB,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "frozen_at" TIMESTAMP(3),

    CONSTRAINT "releases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "release_queries" (
    "release_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "snapshot" JSONB NOT NULL,

    CONSTRAINT "release_queries_pkey" PRIMARY KEY ("release_id","query_id")
);

-- CreateTable
CREATE TABLE "release_items" (
    "release_id" INTEGER NOT NULL,
    "criterion_id" INTEGER NOT NULL,
    "query_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "final_decision" "Decision" NOT NULL,
    "decision_source" TEXT NOT NULL,
    "snapshot" JSONB NOT NULL,

    CONSTRAINT "release_items_pkey" PRIMARY KEY ("release_id","criterion_id")
);

-- CreateTable
CREATE TABLE "release_files" (
    "id" SERIAL NOT NULL,
    "release_id" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "stored_file_id" INTEGER,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "release_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "sha256" TEXT,
    "complete" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_file_chunks" (
    "file_id" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "offset" BIGINT NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "stored_file_chunks_pkey" PRIMARY KEY ("file_id","seq")
);

-- CreateTable
CREATE TABLE "import_jobs" (
    "id" SERIAL NOT NULL,
    "dataset_id" INTEGER,
    "dataset_name" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'QUEUED',
    "skip_invalid" BOOLEAN NOT NULL DEFAULT false,
    "stored_file_id" INTEGER,
    "total_bytes" BIGINT NOT NULL DEFAULT 0,
    "processed_bytes" BIGINT NOT NULL DEFAULT 0,
    "summary" JSONB,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "import_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_settings_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_role_active_idx" ON "users"("role", "active");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions"("token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE INDEX "verifications_identifier_idx" ON "verifications"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "rate_limits_key_key" ON "rate_limits"("key");

-- CreateIndex
CREATE UNIQUE INDEX "datasets_name_key" ON "datasets"("name");

-- CreateIndex
CREATE INDEX "queries_dataset_id_category_idx" ON "queries"("dataset_id", "category");

-- CreateIndex
CREATE INDEX "queries_department_idx" ON "queries"("department");

-- CreateIndex
CREATE UNIQUE INDEX "queries_dataset_id_external_id_key" ON "queries"("dataset_id", "external_id");

-- CreateIndex
CREATE UNIQUE INDEX "responses_query_id_external_id_key" ON "responses"("query_id", "external_id");

-- CreateIndex
CREATE INDEX "criteria_query_id_position_idx" ON "criteria"("query_id", "position");

-- CreateIndex
CREATE INDEX "criteria_dataset_id_id_idx" ON "criteria"("dataset_id", "id");

-- CreateIndex
CREATE INDEX "criteria_status_idx" ON "criteria"("status");

-- CreateIndex
CREATE INDEX "criteria_tier_idx" ON "criteria"("tier");

-- CreateIndex
CREATE INDEX "criteria_parent_id_idx" ON "criteria"("parent_id");

-- CreateIndex
CREATE INDEX "criteria_tags_idx" ON "criteria" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "criteria_title_trgm_idx" ON "criteria" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "criteria_description_trgm_idx" ON "criteria" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "criteria_query_id_key_key" ON "criteria"("query_id", "key");

-- CreateIndex
CREATE INDEX "criterion_provenance_meta_rubric_version_id_idx" ON "criterion_provenance"("meta_rubric_version_id");

-- CreateIndex
CREATE INDEX "criterion_provenance_judge_run_id_idx" ON "criterion_provenance"("judge_run_id");

-- CreateIndex
CREATE UNIQUE INDEX "meta_rubrics_domain_key" ON "meta_rubrics"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "meta_rubric_versions_meta_rubric_id_number_key" ON "meta_rubric_versions"("meta_rubric_id", "number");

-- CreateIndex
CREATE UNIQUE INDEX "meta_rubric_versions_one_active" ON "meta_rubric_versions"("meta_rubric_id") WHERE ("status" = 'ACTIVE');

-- CreateIndex
CREATE UNIQUE INDEX "meta_rubric_proposals_resulting_version_id_key" ON "meta_rubric_proposals"("resulting_version_id");

-- CreateIndex
CREATE INDEX "meta_rubric_proposals_meta_rubric_id_status_idx" ON "meta_rubric_proposals"("meta_rubric_id", "status");

-- CreateIndex
CREATE INDEX "meta_rubric_proposals_author_id_idx" ON "meta_rubric_proposals"("author_id");

-- CreateIndex
CREATE UNIQUE INDEX "proposal_evidence_proposal_id_criterion_id_verdict_id_key" ON "proposal_evidence"("proposal_id", "criterion_id", "verdict_id");

-- CreateIndex
CREATE INDEX "proposal_events_proposal_id_created_at_idx" ON "proposal_events"("proposal_id", "created_at");

-- CreateIndex
CREATE INDEX "campaign_experts_user_id_idx" ON "campaign_experts"("user_id");

-- CreateIndex
CREATE INDEX "campaign_queries_campaign_id_holders_sort_key_idx" ON "campaign_queries"("campaign_id", "holders", "sort_key");

-- CreateIndex
CREATE INDEX "campaign_criteria_campaign_id_query_id_idx" ON "campaign_criteria"("campaign_id", "query_id");

-- CreateIndex
CREATE INDEX "campaign_criteria_criterion_id_idx" ON "campaign_criteria"("criterion_id");

-- CreateIndex
CREATE INDEX "assignments_campaign_id_state_expires_at_idx" ON "assignments"("campaign_id", "state", "expires_at");

-- CreateIndex
CREATE INDEX "assignments_expert_id_state_idx" ON "assignments"("expert_id", "state");

-- CreateIndex
CREATE UNIQUE INDEX "assignments_campaign_id_expert_id_query_id_key" ON "assignments"("campaign_id", "expert_id", "query_id");

-- CreateIndex
CREATE INDEX "verdicts_campaign_id_criterion_id_idx" ON "verdicts"("campaign_id", "criterion_id");

-- CreateIndex
CREATE INDEX "verdicts_criterion_id_idx" ON "verdicts"("criterion_id");

-- CreateIndex
CREATE INDEX "verdicts_expert_id_updated_at_idx" ON "verdicts"("expert_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "verdicts_assignment_id_criterion_id_key" ON "verdicts"("assignment_id", "criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "verdicts_campaign_id_expert_id_criterion_id_key" ON "verdicts"("campaign_id", "expert_id", "criterion_id");

-- CreateIndex
CREATE INDEX "missing_criterion_proposals_campaign_id_query_id_idx" ON "missing_criterion_proposals"("campaign_id", "query_id");

-- CreateIndex
CREATE INDEX "missing_criterion_proposals_assignment_id_idx" ON "missing_criterion_proposals"("assignment_id");

-- CreateIndex
CREATE INDEX "adjudications_criterion_id_idx" ON "adjudications"("criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "adjudications_campaign_id_criterion_id_key" ON "adjudications"("campaign_id", "criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "judge_endpoints_name_key" ON "judge_endpoints"("name");

-- CreateIndex
CREATE INDEX "judge_runs_kind_created_at_idx" ON "judge_runs"("kind", "created_at");

-- CreateIndex
CREATE INDEX "judge_tasks_run_id_status_idx" ON "judge_tasks"("run_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "judge_tasks_run_id_key_key" ON "judge_tasks"("run_id", "key");

-- CreateIndex
CREATE UNIQUE INDEX "judge_calls_request_hash_key" ON "judge_calls"("request_hash");

-- CreateIndex
CREATE INDEX "grades_criterion_id_idx" ON "grades"("criterion_id");

-- CreateIndex
CREATE INDEX "grades_response_id_idx" ON "grades"("response_id");

-- CreateIndex
CREATE UNIQUE INDEX "grades_run_id_response_id_criterion_id_key" ON "grades"("run_id", "response_id", "criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "pairwise_comparisons_twin_id_key" ON "pairwise_comparisons"("twin_id");

-- CreateIndex
CREATE INDEX "pairwise_comparisons_query_id_idx" ON "pairwise_comparisons"("query_id");

-- CreateIndex
CREATE INDEX "pairwise_comparisons_run_id_idx" ON "pairwise_comparisons"("run_id");

-- CreateIndex
CREATE INDEX "pairwise_comparisons_review_holders_idx" ON "pairwise_comparisons"("review_holders");

-- CreateIndex
CREATE UNIQUE INDEX "pairwise_criteria_comparison_id_position_key" ON "pairwise_criteria"("comparison_id", "position");

-- CreateIndex
CREATE INDEX "reviewer_judgments_reviewer_id_state_idx" ON "reviewer_judgments"("reviewer_id", "state");

-- CreateIndex
CREATE UNIQUE INDEX "reviewer_judgments_comparison_id_reviewer_id_key" ON "reviewer_judgments"("comparison_id", "reviewer_id");

-- CreateIndex
CREATE INDEX "reviewer_criterion_marks_pairwise_criterion_id_idx" ON "reviewer_criterion_marks"("pairwise_criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "reviewer_criterion_marks_judgment_id_pairwise_criterion_id_key" ON "reviewer_criterion_marks"("judgment_id", "pairwise_criterion_id");

-- CreateIndex
CREATE UNIQUE INDEX "releases_name_version_key" ON "releases"("name", "version");

-- CreateIndex
CREATE INDEX "release_queries_release_id_position_idx" ON "release_queries"("release_id", "position");

-- CreateIndex
CREATE INDEX "release_items_release_id_query_id_position_idx" ON "release_items"("release_id", "query_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "release_files_stored_file_id_key" ON "release_files"("stored_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "release_files_release_id_format_file_name_key" ON "release_files"("release_id", "format", "file_name");

-- CreateIndex
CREATE UNIQUE INDEX "import_jobs_stored_file_id_key" ON "import_jobs"("stored_file_id");

-- CreateIndex
CREATE INDEX "import_jobs_created_at_idx" ON "import_jobs"("created_at");

-- CreateIndex
CREATE INDEX "audit_events_entity_type_entity_id_idx" ON "audit_events"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_created_at_idx" ON "audit_events"("actor_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_created_at_idx" ON "audit_events"("created_at");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "queries" ADD CONSTRAINT "queries_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "responses" ADD CONSTRAINT "responses_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criteria" ADD CONSTRAINT "criteria_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "criteria"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_provenance" ADD CONSTRAINT "criterion_provenance_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_provenance" ADD CONSTRAINT "criterion_provenance_meta_rubric_version_id_fkey" FOREIGN KEY ("meta_rubric_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_provenance" ADD CONSTRAINT "criterion_provenance_judge_run_id_fkey" FOREIGN KEY ("judge_run_id") REFERENCES "judge_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "criterion_provenance" ADD CONSTRAINT "criterion_provenance_import_job_id_fkey" FOREIGN KEY ("import_job_id") REFERENCES "import_jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_versions" ADD CONSTRAINT "meta_rubric_versions_meta_rubric_id_fkey" FOREIGN KEY ("meta_rubric_id") REFERENCES "meta_rubrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_versions" ADD CONSTRAINT "meta_rubric_versions_parent_version_id_fkey" FOREIGN KEY ("parent_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_versions" ADD CONSTRAINT "meta_rubric_versions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_proposals" ADD CONSTRAINT "meta_rubric_proposals_meta_rubric_id_fkey" FOREIGN KEY ("meta_rubric_id") REFERENCES "meta_rubrics"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_proposals" ADD CONSTRAINT "meta_rubric_proposals_base_version_id_fkey" FOREIGN KEY ("base_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_proposals" ADD CONSTRAINT "meta_rubric_proposals_resulting_version_id_fkey" FOREIGN KEY ("resulting_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_proposals" ADD CONSTRAINT "meta_rubric_proposals_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "meta_rubric_proposals" ADD CONSTRAINT "meta_rubric_proposals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_evidence" ADD CONSTRAINT "proposal_evidence_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "meta_rubric_proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_evidence" ADD CONSTRAINT "proposal_evidence_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_evidence" ADD CONSTRAINT "proposal_evidence_verdict_id_fkey" FOREIGN KEY ("verdict_id") REFERENCES "verdicts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "meta_rubric_proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_campaigns" ADD CONSTRAINT "audit_campaigns_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_experts" ADD CONSTRAINT "campaign_experts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_experts" ADD CONSTRAINT "campaign_experts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_queries" ADD CONSTRAINT "campaign_queries_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_queries" ADD CONSTRAINT "campaign_queries_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_criteria" ADD CONSTRAINT "campaign_criteria_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_criteria" ADD CONSTRAINT "campaign_criteria_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_campaign_id_query_id_fkey" FOREIGN KEY ("campaign_id", "query_id") REFERENCES "campaign_queries"("campaign_id", "query_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_expert_id_fkey" FOREIGN KEY ("expert_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "missing_criterion_proposals" ADD CONSTRAINT "missing_criterion_proposals_resulting_criterion_id_fkey" FOREIGN KEY ("resulting_criterion_id") REFERENCES "criteria"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "audit_campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adjudications" ADD CONSTRAINT "adjudications_resulting_criterion_id_fkey" FOREIGN KEY ("resulting_criterion_id") REFERENCES "criteria"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_runs" ADD CONSTRAINT "judge_runs_meta_rubric_version_id_fkey" FOREIGN KEY ("meta_rubric_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_runs" ADD CONSTRAINT "judge_runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_run_endpoints" ADD CONSTRAINT "judge_run_endpoints_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_run_endpoints" ADD CONSTRAINT "judge_run_endpoints_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "judge_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_tasks" ADD CONSTRAINT "judge_tasks_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_tasks" ADD CONSTRAINT "judge_tasks_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "judge_endpoints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_tasks" ADD CONSTRAINT "judge_tasks_call_id_fkey" FOREIGN KEY ("call_id") REFERENCES "judge_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "judge_calls" ADD CONSTRAINT "judge_calls_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "judge_endpoints"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grades" ADD CONSTRAINT "grades_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grades" ADD CONSTRAINT "grades_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grades" ADD CONSTRAINT "grades_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grades" ADD CONSTRAINT "grades_judge_call_id_fkey" FOREIGN KEY ("judge_call_id") REFERENCES "judge_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "judge_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_query_id_fkey" FOREIGN KEY ("query_id") REFERENCES "queries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_response_a_id_fkey" FOREIGN KEY ("response_a_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_response_b_id_fkey" FOREIGN KEY ("response_b_id") REFERENCES "responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_meta_rubric_version_id_fkey" FOREIGN KEY ("meta_rubric_version_id") REFERENCES "meta_rubric_versions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_judge_call_id_fkey" FOREIGN KEY ("judge_call_id") REFERENCES "judge_calls"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "pairwise_comparisons_twin_id_fkey" FOREIGN KEY ("twin_id") REFERENCES "pairwise_comparisons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pairwise_criteria" ADD CONSTRAINT "pairwise_criteria_comparison_id_fkey" FOREIGN KEY ("comparison_id") REFERENCES "pairwise_comparisons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviewer_judgments" ADD CONSTRAINT "reviewer_judgments_comparison_id_fkey" FOREIGN KEY ("comparison_id") REFERENCES "pairwise_comparisons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviewer_judgments" ADD CONSTRAINT "reviewer_judgments_reviewer_id_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviewer_criterion_marks" ADD CONSTRAINT "reviewer_criterion_marks_judgment_id_fkey" FOREIGN KEY ("judgment_id") REFERENCES "reviewer_judgments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reviewer_criterion_marks" ADD CONSTRAINT "reviewer_criterion_marks_pairwise_criterion_id_fkey" FOREIGN KEY ("pairwise_criterion_id") REFERENCES "pairwise_criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_queries" ADD CONSTRAINT "release_queries_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "criteria"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "datasets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ───────────── Hand-written invariants (objects named manual_*; Prisma cannot express them) ─────────────

-- A campaign query is never held (reserved or submitted) by more than k experts.
ALTER TABLE "campaign_queries" ADD CONSTRAINT "manual_campaign_queries_holders_within_k"
  CHECK ("holders" >= 0 AND "holders" <= "overlap_k" AND "overlap_k" >= 1);

-- Likewise for reviewers on a pairwise comparison.
ALTER TABLE "pairwise_comparisons" ADD CONSTRAINT "manual_pairwise_comparisons_holders_within_overlap"
  CHECK ("review_holders" >= 0 AND "review_holders" <= "review_overlap");

ALTER TABLE "pairwise_criteria" ADD CONSTRAINT "manual_pairwise_criteria_score_range"
  CHECK ("score" BETWEEN -2 AND 2);

ALTER TABLE "reviewer_judgments" ADD CONSTRAINT "manual_reviewer_judgments_preference_range"
  CHECK ("preference" IS NULL OR "preference" BETWEEN -2 AND 2);

ALTER TABLE "assignments" ADD CONSTRAINT "manual_assignments_comprehensiveness_range"
  CHECK ("comprehensiveness" IS NULL OR "comprehensiveness" BETWEEN 1 AND 5);

ALTER TABLE "audit_campaigns" ADD CONSTRAINT "manual_audit_campaigns_overlap_positive"
  CHECK ("overlap_k" >= 1 AND "reservation_minutes" >= 1 AND "fast_threshold_seconds" >= 0);

-- The audit log is append-only: no UPDATE, no DELETE.
CREATE FUNCTION "manual_refuse_audit_event_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "manual_audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_audit_event_change"();

-- A meta-rubric version is immutable once it has left DRAFT; only its status may move on (ACTIVE -> RETIRED).
CREATE FUNCTION "manual_refuse_active_version_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'DRAFT' AND (
       NEW."principles" IS DISTINCT FROM OLD."principles"
    OR NEW."generation_rules" IS DISTINCT FROM OLD."generation_rules"
    OR NEW."number" IS DISTINCT FROM OLD."number"
    OR NEW."meta_rubric_id" IS DISTINCT FROM OLD."meta_rubric_id"
    OR NEW."parent_version_id" IS DISTINCT FROM OLD."parent_version_id"
    OR NEW."change_note" IS DISTINCT FROM OLD."change_note"
    OR (OLD."status" = 'RETIRED' AND NEW."status" <> 'RETIRED')
    OR (OLD."status" = 'ACTIVE' AND NEW."status" = 'DRAFT')) THEN
    RAISE EXCEPTION 'meta-rubric version % is % and cannot be changed', OLD."id", OLD."status"
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "manual_meta_rubric_versions_immutable" BEFORE UPDATE ON "meta_rubric_versions"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_active_version_edit"();

-- A frozen release never changes: its snapshot rows can be neither edited nor removed.
CREATE FUNCTION "manual_refuse_frozen_release_edit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  frozen boolean;
BEGIN
  SELECT "status" = 'FROZEN' INTO frozen FROM "releases" WHERE "id" = OLD."release_id";
  IF frozen THEN
    RAISE EXCEPTION 'release % is frozen', OLD."release_id" USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "manual_release_items_frozen" BEFORE UPDATE OR DELETE ON "release_items"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_frozen_release_edit"();
CREATE TRIGGER "manual_release_queries_frozen" BEFORE UPDATE OR DELETE ON "release_queries"
  FOR EACH ROW EXECUTE FUNCTION "manual_refuse_frozen_release_edit"();
