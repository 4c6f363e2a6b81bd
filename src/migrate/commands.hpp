// The commands of uidext-migrate (one file each: plan.cpp, run.cpp, control.cpp).
#pragma once
#include "migration.hpp"

namespace migrate {
int cmd_plan(const Options &o);
int cmd_run(const Options &o, const std::string &id);
int cmd_status(const Options &o, const std::string &id);
int cmd_abort(const Options &o, const std::string &id);
int cmd_revert(const Options &o, const std::string &id);
int cmd_finish(const Options &o, const std::string &id);
}  // namespace migrate
